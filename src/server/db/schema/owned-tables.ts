import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  careTeamMembers,
  labTests,
  medicalAllergies,
  specialistVisits,
  symptomEntries,
  tpnEntries,
} from "./care-records";
import { children } from "./children";
import { foodDiaryEntries, medications, notes, physicalTherapySessions } from "./journals";
import { medicalPhotos } from "./photos";
import { piccInfections, piccLines } from "./picc";
import { infusionCenters, supplyStockEvents, supplyUsage, tpnSupplies } from "./supplies";

export type OwnedTable = PgTable & { userId: PgColumn; createdAt: PgColumn };

/**
 * Every table of care records a user owns, by the name an export uses for it. Ordered so that
 * deleting in this order never breaks a reference (usage and stock events before supplies, children last).
 */
export const CARE_RECORD_TABLES = {
  supplyUsage,
  supplyStockEvents,
  tpnSupplies,
  piccInfections,
  piccLines,
  infusionCenters,
  tpnEntries,
  specialistVisits,
  labTests,
  symptomEntries,
  medicalAllergies,
  careTeamMembers,
  notes,
  physicalTherapySessions,
  medications,
  foodDiaryEntries,
  medicalPhotos,
  children,
} satisfies Record<string, OwnedTable>;
