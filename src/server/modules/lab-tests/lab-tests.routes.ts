import { labTestInput, labTestRecord } from "../../../domain/labs";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { labTestRecords } from "./lab-tests.queries";

export const labTestRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/lab-tests",
    records: labTestRecords,
    input: labTestInput,
    record: labTestRecord,
    updateMethods: ["PATCH"],
  });
