import { asc } from "drizzle-orm";
import { infusionCenters } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";
import { recordType } from "../record-types";

export const infusionCenterRecords = ownedRecords({
  ...recordType("infusionCenters"),
  orderBy: [asc(infusionCenters.name), asc(infusionCenters.createdAt)],
  summary: (row) => row.name,
});
