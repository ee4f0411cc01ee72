import type { FastifyInstance } from "fastify";
import { foodDiaryEntryInput } from "../../../domain/food-diary";
import type { Db } from "../../db/client";
import { foodDiaryEntries } from "../../db/schema/index";
import { registerOwnedCrud } from "../../lib/owned-crud";

export function foodDiaryRoutes(app: FastifyInstance, db: Db) {
  registerOwnedCrud(app, db, {
    path: "/api/food-diary",
    entity: "food_diary_entry",
    table: foodDiaryEntries,
    schema: foodDiaryEntryInput,
    updateMethods: ["PATCH"],
    childFilter: "withUnlinked",
    summary: (row) => `${row.mealType} on ${row.date}`,
  });
}
