import { vitalInput, vitalRecord } from "../../../domain/vital-records";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { vitalRecords } from "./vitals.queries";

export const vitalRoutes: ModuleRoutes = (scope, { db }) => {
  registerOwnedRoutes(scope, db, {
    path: "/api/vitals",
    records: vitalRecords,
    input: vitalInput,
    record: vitalRecord,
    updateMethods: ["PATCH"],
  });
};
