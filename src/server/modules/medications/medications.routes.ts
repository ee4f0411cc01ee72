import type { FastifyInstance } from "fastify";
import { medicationInput } from "../../../domain/medications";
import type { Db } from "../../db/client";
import { medications } from "../../db/schema/index";
import { registerOwnedCrud } from "../../lib/owned-crud";

export function medicationRoutes(app: FastifyInstance, db: Db) {
  registerOwnedCrud(app, db, {
    path: "/api/medications",
    entity: "medication",
    table: medications,
    schema: medicationInput,
    updateMethods: ["PATCH"],
    childFilter: "withUnlinked",
    summary: (row) => `${row.name} ${row.dosage}`,
  });
}
