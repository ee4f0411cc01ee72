import { labTestInput, labTestRecord } from "../../../domain/labs";
import type { ModuleRoutes } from "../../app-context";
import { labTests } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";
import { registerOwnedRoutes } from "../../lib/owned-routes";

export const labTestRecords = ownedRecords({
  entity: "lab_test",
  table: labTests,
  childScope: "withUnlinked",
  summary: (row) => row.testName,
});

export const labTestRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/lab-tests",
    records: labTestRecords,
    input: labTestInput,
    record: labTestRecord,
    updateMethods: ["PATCH"],
  });
