import { physicalTherapySessionInput, physicalTherapySessionRecord } from "../../../domain/physical-therapy";
import type { ModuleRoutes } from "../../app-context";
import { physicalTherapySessions } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";
import { registerOwnedRoutes } from "../../lib/owned-routes";

export const physicalTherapyRecords = ownedRecords({
  entity: "physical_therapy_session",
  table: physicalTherapySessions,
  childScope: "withUnlinked",
  summary: (row) => `Therapy with ${row.therapist}`,
});

export const physicalTherapyRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/physical-therapy",
    records: physicalTherapyRecords,
    input: physicalTherapySessionInput,
    record: physicalTherapySessionRecord,
    updateMethods: ["PATCH"],
  });
