import { specialistVisitInput, specialistVisitRecord } from "../../../domain/visits";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { specialistVisitRecords } from "./specialist-visits.queries";

export const specialistVisitRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/specialist-visits",
    records: specialistVisitRecords,
    input: specialistVisitInput,
    record: specialistVisitRecord,
    updateMethods: ["PATCH"],
  });
