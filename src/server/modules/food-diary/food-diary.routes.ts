import { foodDiaryEntryInput, foodDiaryEntryRecord } from "../../../domain/food-diary";
import type { ModuleRoutes } from "../../app-context";
import { foodDiaryEntries } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";
import { registerOwnedRoutes } from "../../lib/owned-routes";

export const foodDiaryRecords = ownedRecords({
  entity: "food_diary_entry",
  paged: {},
  table: foodDiaryEntries,
  childScope: "withUnlinked",
  summary: (row) => `${row.mealType} on ${row.date}`,
});

export const foodDiaryRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/food-diary",
    records: foodDiaryRecords,
    input: foodDiaryEntryInput,
    record: foodDiaryEntryRecord,
    updateMethods: ["PATCH"],
  });
