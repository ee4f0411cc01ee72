import { labPanelInput, labPanelRecord } from "../../../domain/lab-panels";
import { labResultInput, labResultRecord } from "../../../domain/lab-results";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { labPanelRecords, labResultRecords } from "./lab-results.queries";

export const labResultRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/lab-results",
    records: labResultRecords,
    input: labResultInput,
    record: labResultRecord,
    updateMethods: ["PATCH"],
  });

/** A child's lab schedule: its panels. */
export const labPanelRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/lab-panels",
    records: labPanelRecords,
    input: labPanelInput,
    record: labPanelRecord,
    updateMethods: ["PATCH"],
  });
