import { physicalTherapySessionInput, physicalTherapySessionRecord } from "../../../domain/physical-therapy";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { physicalTherapyRecords } from "./physical-therapy.queries";

export const physicalTherapyRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/physical-therapy",
    records: physicalTherapyRecords,
    input: physicalTherapySessionInput,
    record: physicalTherapySessionRecord,
    updateMethods: ["PATCH"],
  });
