import { specialistVisitInput, specialistVisitRecord } from "../../../domain/visits";
import type { ModuleRoutes } from "../../app-context";
import { specialistVisits } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";
import { registerOwnedRoutes } from "../../lib/owned-routes";

export const specialistVisitRecords = ownedRecords({
  entity: "specialist_visit",
  table: specialistVisits,
  childScope: "withUnlinked",
  summary: (row) => `${row.doctorName} (${row.specialty})`,
});

export const specialistVisitRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/specialist-visits",
    records: specialistVisitRecords,
    input: specialistVisitInput,
    record: specialistVisitRecord,
    updateMethods: ["PATCH"],
  });
