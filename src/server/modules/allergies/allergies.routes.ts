import { medicalAllergyInput, medicalAllergyRecord } from "../../../domain/allergies";
import type { ModuleRoutes } from "../../app-context";
import { medicalAllergies } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";
import { registerOwnedRoutes } from "../../lib/owned-routes";

export const allergyRecords = ownedRecords({
  entity: "medical_allergy",
  table: medicalAllergies,
  childScope: "withUnlinked",
  summary: (row) => `${row.allergen} (${row.severity})`,
});

export const allergyRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/allergies",
    records: allergyRecords,
    input: medicalAllergyInput,
    record: medicalAllergyRecord,
    updateMethods: ["PATCH"],
  });
