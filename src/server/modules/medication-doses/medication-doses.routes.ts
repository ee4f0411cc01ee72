import { doseInput, doseRecord } from "../../../domain/dose-records";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { doseRecords } from "./medication-doses.queries";

/** `/api/medication-doses`: doses given or skipped; a change sends the whole dose (PUT). */
export const medicationDoseRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/medication-doses",
    records: doseRecords,
    input: doseInput,
    record: doseRecord,
    updateMethods: ["PUT"],
  });
