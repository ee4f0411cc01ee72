import { infusionCenterInput, infusionCenterRecord } from "../../../domain/infusion-centers";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { infusionCenterRecords } from "./infusion-centers.queries";

export const infusionCenterRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/infusion-centers",
    records: infusionCenterRecords,
    input: infusionCenterInput,
    record: infusionCenterRecord,
    updateMethods: ["PUT"],
  });
