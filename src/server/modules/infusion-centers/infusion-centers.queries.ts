import { asc } from "drizzle-orm";
import { infusionCenters } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";

export const infusionCenterRecords = ownedRecords({
  entity: "infusion_center",
  table: infusionCenters,
  childScope: "withUnlinked",
  orderBy: [asc(infusionCenters.name), asc(infusionCenters.createdAt)],
  summary: (row) => row.name,
});
