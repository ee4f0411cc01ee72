import { asc } from "drizzle-orm";
import { infusionCenterInput, infusionCenterRecord } from "../../../domain/infusion-centers";
import type { ModuleRoutes } from "../../app-context";
import { infusionCenters } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";
import { registerOwnedRoutes } from "../../lib/owned-routes";

export const infusionCenterRecords = ownedRecords({
  entity: "infusion_center",
  table: infusionCenters,
  childScope: "withUnlinked",
  orderBy: [asc(infusionCenters.name), asc(infusionCenters.createdAt)],
  summary: (row) => row.name,
});

export const infusionCenterRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/infusion-centers",
    records: infusionCenterRecords,
    input: infusionCenterInput,
    record: infusionCenterRecord,
    updateMethods: ["PUT"],
  });
