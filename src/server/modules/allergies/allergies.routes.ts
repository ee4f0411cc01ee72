import { medicalAllergyInput, medicalAllergyRecord } from "../../../domain/allergies";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { allergyRecords } from "./allergies.queries";

export const allergyRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/allergies",
    records: allergyRecords,
    input: medicalAllergyInput,
    record: medicalAllergyRecord,
    updateMethods: ["PATCH"],
  });
