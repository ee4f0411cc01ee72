import type { FastifyInstance } from "fastify";
import { symptomEntryInput } from "../../../domain/symptoms";
import type { Db } from "../../db/client";
import { symptomEntries } from "../../db/schema/index";
import { registerOwnedCrud } from "../../lib/owned-crud";

export function symptomRoutes(app: FastifyInstance, db: Db) {
  registerOwnedCrud(app, db, {
    path: "/api/symptoms",
    entity: "symptom_entry",
    table: symptomEntries,
    schema: symptomEntryInput,
    updateMethods: ["PATCH"],
    childFilter: "withUnlinked",
    summary: (row) => (row.symptoms as string[]).join(", ") || `Symptoms on ${row.date}`,
  });
}
