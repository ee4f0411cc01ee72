import type { FastifyInstance } from "fastify";
import { labTestInput } from "../../../domain/labs";
import type { Db } from "../../db/client";
import { labTests } from "../../db/schema/index";
import { registerOwnedCrud } from "../../lib/owned-crud";

export function labTestRoutes(app: FastifyInstance, db: Db) {
  registerOwnedCrud(app, db, {
    path: "/api/lab-tests",
    entity: "lab_test",
    table: labTests,
    schema: labTestInput,
    updateMethods: ["PATCH"],
    childFilter: "withUnlinked",
    summary: (row) => row.testName as string,
  });
}
