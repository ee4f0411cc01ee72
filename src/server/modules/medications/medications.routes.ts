import { medicationDateIssues, medicationInput, medicationRecord } from "../../../domain/medications";
import type { ModuleRoutes } from "../../app-context";
import { medications } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";
import { registerOwnedRoutes } from "../../lib/owned-routes";

export const medicationRecords = ownedRecords({
  entity: "medication",
  table: medications,
  childScope: "withUnlinked",
  summary: (row) => `${row.name} ${row.dosage}`,
  rule: medicationDateIssues,
});

export const medicationRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/medications",
    records: medicationRecords,
    input: medicationInput,
    record: medicationRecord,
    updateMethods: ["PATCH"],
  });
