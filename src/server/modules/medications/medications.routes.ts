import { medicationInput, medicationRecord } from "../../../domain/medications";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { medicationRecords } from "./medications.queries";

export const medicationRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/medications",
    records: medicationRecords,
    input: medicationInput,
    record: medicationRecord,
    updateMethods: ["PATCH"],
  });
