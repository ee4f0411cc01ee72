import { labResultInput, labResultRecord } from "../../../domain/lab-results";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { labResultRecords } from "./lab-results.queries";

export const labResultRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/lab-results",
    records: labResultRecords,
    input: labResultInput,
    record: labResultRecord,
    updateMethods: ["PATCH"],
  });
