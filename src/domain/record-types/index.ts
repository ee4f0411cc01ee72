import { careTaskEventsType } from "./care-task-events";
import { careTasksType } from "./care-tasks";
import { careTeamMembersType } from "./care-team-members";
import { childrenType } from "./children";
import type { SharedRecordType } from "./declaration";
import { foodDiaryEntriesType } from "./food-diary-entries";
import { infusionCentersType } from "./infusion-centers";
import { labTestsType } from "./lab-tests";
import { lineCareType } from "./line-care";
import { medicalAllergiesType } from "./medical-allergies";
import { medicalPhotosType } from "./medical-photos";
import { medicationDosesType } from "./medication-doses";
import { medicationsType } from "./medications";
import { notesType } from "./notes";
import { physicalTherapySessionsType } from "./physical-therapy-sessions";
import { piccInfectionsType } from "./picc-infections";
import { piccLinesType } from "./picc-lines";
import { pnPrescriptionsType } from "./pn-prescriptions";
import { specialistVisitsType } from "./specialist-visits";
import { supplyStockEventsType } from "./supply-stock-events";
import { supplyUsageType } from "./supply-usage";
import { symptomEntriesType } from "./symptom-entries";
import { tpnEntriesType } from "./tpn-entries";
import { tpnSuppliesType } from "./tpn-supplies";
import { vitalsType } from "./vitals";

/**
 * Every record type a family owns, by the name an export, a backup and the dashboard use for it,
 * in the order a person reads an export (the children first). The order is also one where a
 * record comes after every type it links to, so a restore writes in it and a deletion goes in
 * reverse (checked by the server: modules/record-types.ts). Adding a record type is its file here,
 * one line in this list, and its server part beside its module.
 */
export const SHARED_RECORD_TYPES = {
  children: childrenType,
  careTeamMembers: careTeamMembersType,
  pnPrescriptions: pnPrescriptionsType,
  tpnEntries: tpnEntriesType,
  vitals: vitalsType,
  tpnSupplies: tpnSuppliesType,
  supplyUsage: supplyUsageType,
  supplyStockEvents: supplyStockEventsType,
  infusionCenters: infusionCentersType,
  piccLines: piccLinesType,
  piccInfections: piccInfectionsType,
  lineCare: lineCareType,
  specialistVisits: specialistVisitsType,
  labTests: labTestsType,
  symptomEntries: symptomEntriesType,
  medicalAllergies: medicalAllergiesType,
  medications: medicationsType,
  medicationDoses: medicationDosesType,
  notes: notesType,
  physicalTherapySessions: physicalTherapySessionsType,
  foodDiaryEntries: foodDiaryEntriesType,
  medicalPhotos: medicalPhotosType,
  careTasks: careTasksType,
  careTaskEvents: careTaskEventsType,
} as const satisfies Record<string, SharedRecordType>;

export type RecordName = keyof typeof SHARED_RECORD_TYPES;

/** Every record type's name, in the one order. */
export const RECORD_NAMES = Object.keys(SHARED_RECORD_TYPES) as RecordName[];
