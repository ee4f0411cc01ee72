import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { medicalAllergyRecord } from "../../domain/allergies";
import { careTeamMemberRecord } from "../../domain/care-team";
import { childRecord } from "../../domain/children";
import { foodDiaryEntryRecord } from "../../domain/food-diary";
import { infusionCenterRecord } from "../../domain/infusion-centers";
import { labTestRecord } from "../../domain/labs";
import { medicationRecord } from "../../domain/medications";
import { noteRecord } from "../../domain/notes";
import { physicalTherapySessionRecord } from "../../domain/physical-therapy";
import { piccInfectionRecord, piccLineRecord } from "../../domain/picc";
import { supplyRecord, supplyStockEventRecord, supplyUsageRecord } from "../../domain/supplies";
import { symptomEntryRecord } from "../../domain/symptoms";
import { tpnEntryRecord } from "../../domain/tpn";
import { specialistVisitRecord } from "../../domain/visits";
import * as schema from "../db/schema/index";

/** Each record type's table and the response schema its routes send rows through. */
const PAIRS: [string, PgTable, z.ZodObject][] = [
  ["children", schema.children, childRecord],
  ["care team", schema.careTeamMembers, careTeamMemberRecord],
  ["TPN entries", schema.tpnEntries, tpnEntryRecord],
  ["specialist visits", schema.specialistVisits, specialistVisitRecord],
  ["lab tests", schema.labTests, labTestRecord],
  ["symptoms", schema.symptomEntries, symptomEntryRecord],
  ["allergies", schema.medicalAllergies, medicalAllergyRecord],
  ["notes", schema.notes, noteRecord],
  ["physical therapy", schema.physicalTherapySessions, physicalTherapySessionRecord],
  ["medications", schema.medications, medicationRecord],
  ["food diary", schema.foodDiaryEntries, foodDiaryEntryRecord],
  ["TPN supplies", schema.tpnSupplies, supplyRecord],
  ["supply usage", schema.supplyUsage, supplyUsageRecord],
  ["supply deliveries and counts", schema.supplyStockEvents, supplyStockEventRecord],
  ["infusion centers", schema.infusionCenters, infusionCenterRecord],
  ["PICC lines", schema.piccLines, piccLineRecord],
  ["PICC infections", schema.piccInfections, piccInfectionRecord],
];

describe("response schemas", () => {
  it.each(PAIRS)("list every column of %s but the owner", (_name, table, record) => {
    const columns = Object.keys(getTableColumns(table)).filter((key) => key !== "userId");
    expect(Object.keys(record.shape).sort()).toEqual(columns.sort());
  });
});
