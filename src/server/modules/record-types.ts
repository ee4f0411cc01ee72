import { getTableColumns } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import { medicalAllergyInput, medicalAllergyRecord } from "../../domain/allergies";
import { careTeamMemberInput, careTeamMemberRecord } from "../../domain/care-team";
import { childInput, childRecord } from "../../domain/children";
import type { DashboardStats } from "../../domain/dashboard";
import { doseInput, doseRecord, doseRestoreInput } from "../../domain/dose-records";
import { foodDiaryEntryInput, foodDiaryEntryRecord } from "../../domain/food-diary";
import { infusionCenterInput, infusionCenterRecord } from "../../domain/infusion-centers";
import { labTestInput, labTestRecord } from "../../domain/labs";
import { lineCareInput, lineCareRecord } from "../../domain/line-care-records";
import { medicationInput, medicationRecord } from "../../domain/medications";
import { noteInput, noteRecord } from "../../domain/notes";
import { medicalPhotoInput, medicalPhotoRecord } from "../../domain/photos";
import { physicalTherapySessionInput, physicalTherapySessionRecord } from "../../domain/physical-therapy";
import { piccInfectionInput, piccInfectionRecord, piccLineInput, piccLineRecord } from "../../domain/picc";
import {
  pnPrescriptionInput,
  pnPrescriptionRecord,
  pnPrescriptionRestoreInput,
} from "../../domain/pn-records";
import {
  supplyInput,
  supplyRecord,
  supplyStockEventInput,
  supplyStockEventRecord,
  supplyUsageInput,
  supplyUsageRecord,
} from "../../domain/supplies";
import { symptomEntryInput, symptomEntryRecord } from "../../domain/symptoms";
import {
  careTaskEventInput,
  careTaskEventRecord,
  careTaskInput,
  careTaskRecord,
  careTaskRestoreInput,
} from "../../domain/task-records";
import { tpnEntryInput, tpnEntryRecord } from "../../domain/tpn";
import { specialistVisitInput, specialistVisitRecord } from "../../domain/visits";
import { vitalInput, vitalRecord } from "../../domain/vital-records";
import * as schema from "../db/schema/index";
import type { OwnedRecordType, OwnedTable } from "../lib/owned-records";
import type { RecordTypeDeclaration } from "./record-type-declaration";

export type { RecordTypeDeclaration };

/**
 * Every record type a family owns, by the name an export, a backup and the dashboard use for it,
 * in the order a person reads an export (the children first). The order is also one where a
 * record comes after every type it links to, so a restore writes in it and a deletion goes in
 * reverse (checked below). Adding a record type is one entry here.
 */
export const RECORD_TYPES = {
  children: {
    entity: "child",
    table: schema.children,
    title: "Children",
    input: childInput,
    record: childRecord,
  },
  careTeamMembers: {
    entity: "care_team_member",
    table: schema.careTeamMembers,
    title: "Care Team",
    input: careTeamMemberInput,
    record: careTeamMemberRecord,
    onDashboard: true,
  },
  pnPrescriptions: {
    entity: "pn_prescription",
    table: schema.pnPrescriptions,
    childScope: "exact",
    title: "PN Prescriptions",
    // Undated, as a line is: a version still in force in a range started before it, and the
    // range's bags follow it. Read by its start.
    orderKey: "startDate",
    input: pnPrescriptionInput,
    restoreInput: pnPrescriptionRestoreInput,
    record: pnPrescriptionRecord,
    computed: ["plateauRateMlPerHour", "bagKcal", "dextroseG"],
  },
  tpnEntries: {
    entity: "tpn_entry",
    table: schema.tpnEntries,
    childScope: "exact",
    title: "TPN Entries",
    dateKey: "date",
    input: tpnEntryInput,
    record: tpnEntryRecord,
    onDashboard: true,
  },
  vitals: {
    entity: "vital",
    table: schema.vitals,
    childScope: "exact",
    title: "Vitals",
    dateKey: "date",
    input: vitalInput,
    record: vitalRecord,
    computed: ["feverWithLine"],
  },
  tpnSupplies: {
    entity: "tpn_supply",
    table: schema.tpnSupplies,
    title: "TPN Supplies",
    input: supplyInput,
    record: supplyRecord,
  },
  supplyUsage: {
    entity: "supply_usage",
    table: schema.supplyUsage,
    title: "Supply Usage",
    dateKey: "usageDate",
    input: supplyUsageInput,
    record: supplyUsageRecord,
  },
  supplyStockEvents: {
    entity: "supply_stock_event",
    table: schema.supplyStockEvents,
    title: "Supply Deliveries and Counts",
    dateKey: "eventDate",
    input: supplyStockEventInput,
    record: supplyStockEventRecord,
  },
  infusionCenters: {
    entity: "infusion_center",
    table: schema.infusionCenters,
    childScope: "withUnlinked",
    title: "Infusion Centers",
    input: infusionCenterInput,
    record: infusionCenterRecord,
  },
  piccLines: {
    entity: "picc_line",
    table: schema.piccLines,
    childScope: "exact",
    title: "PICC Lines",
    orderKey: "insertionDate",
    input: piccLineInput,
    record: piccLineRecord,
  },
  piccInfections: {
    entity: "picc_infection",
    table: schema.piccInfections,
    childScope: "exact",
    title: "PICC Infections",
    dateKey: "infectionDate",
    input: piccInfectionInput,
    record: piccInfectionRecord,
  },
  lineCare: {
    entity: "line_care_event",
    table: schema.lineCareEvents,
    childScope: "exact",
    title: "Line Care",
    dateKey: "date",
    input: lineCareInput,
    record: lineCareRecord,
  },
  specialistVisits: {
    entity: "specialist_visit",
    table: schema.specialistVisits,
    childScope: "withUnlinked",
    title: "Specialist Visits",
    dateKey: "date",
    input: specialistVisitInput,
    record: specialistVisitRecord,
    onDashboard: true,
  },
  labTests: {
    entity: "lab_test",
    table: schema.labTests,
    childScope: "withUnlinked",
    title: "Lab Tests",
    dateKey: "date",
    input: labTestInput,
    record: labTestRecord,
    onDashboard: true,
  },
  symptomEntries: {
    entity: "symptom_entry",
    table: schema.symptomEntries,
    childScope: "withUnlinked",
    title: "Symptoms & Pain",
    dateKey: "date",
    input: symptomEntryInput,
    record: symptomEntryRecord,
    onDashboard: true,
  },
  medicalAllergies: {
    entity: "medical_allergy",
    table: schema.medicalAllergies,
    childScope: "withUnlinked",
    title: "Medical Allergies",
    input: medicalAllergyInput,
    record: medicalAllergyRecord,
    onDashboard: true,
  },
  medications: {
    entity: "medication",
    table: schema.medications,
    childScope: "withUnlinked",
    title: "Medications",
    input: medicationInput,
    record: medicationRecord,
    computed: ["lastDose", "nextDueAt", "missedDoses"],
  },
  medicationDoses: {
    entity: "medication_dose",
    table: schema.medicationDoses,
    childScope: "withUnlinked",
    title: "Medication Doses",
    dateKey: "date",
    input: doseInput,
    restoreInput: doseRestoreInput,
    record: doseRecord,
  },
  notes: {
    entity: "note",
    table: schema.notes,
    childScope: "withUnlinked",
    title: "Notes",
    input: noteInput,
    record: noteRecord,
  },
  physicalTherapySessions: {
    entity: "physical_therapy_session",
    table: schema.physicalTherapySessions,
    childScope: "withUnlinked",
    title: "Physical Therapy",
    dateKey: "date",
    input: physicalTherapySessionInput,
    record: physicalTherapySessionRecord,
  },
  foodDiaryEntries: {
    entity: "food_diary_entry",
    table: schema.foodDiaryEntries,
    childScope: "withUnlinked",
    title: "Food Diary",
    dateKey: "date",
    input: foodDiaryEntryInput,
    record: foodDiaryEntryRecord,
  },
  medicalPhotos: {
    entity: "medical_photo",
    table: schema.medicalPhotos,
    childScope: "withUnlinked",
    title: "Medical Photos",
    dateKey: "dateTaken",
    input: medicalPhotoInput,
    record: medicalPhotoRecord,
  },
  careTasks: {
    entity: "care_task",
    table: schema.careTasks,
    childScope: "withUnlinked",
    title: "Care Tasks",
    input: careTaskInput,
    restoreInput: careTaskRestoreInput,
    record: careTaskRecord,
  },
  careTaskEvents: {
    entity: "care_task_event",
    table: schema.careTaskEvents,
    childScope: "withUnlinked",
    title: "Care Tasks Done",
    dateKey: "date",
    input: careTaskEventInput,
    record: careTaskEventRecord,
  },
} as const satisfies Record<string, RecordTypeDeclaration>;

export type RecordName = keyof typeof RECORD_TYPES;

/** Every record type's name, in the declaration's order. */
export const RECORD_NAMES = Object.keys(RECORD_TYPES) as RecordName[];

const declarationOf = (name: RecordName): RecordTypeDeclaration => RECORD_TYPES[name];

/**
 * What a record type's query functions take from its declaration (the audit name, the table, the
 * child rule): `ownedRecords({ ...recordType("notes"), summary })`.
 */
export function recordType<N extends RecordName>(
  name: N,
): Pick<OwnedRecordType<(typeof RECORD_TYPES)[N]["table"]>, "entity" | "table" | "childScope"> {
  const { entity, table, childScope } = declarationOf(name);
  return { entity, table: table as (typeof RECORD_TYPES)[N]["table"], ...(childScope ? { childScope } : {}) };
}

const nameOfTable = new Map(RECORD_NAMES.map((name) => [declarationOf(name).table as unknown, name]));

/** A table's foreign keys to other record types: the field, the type it points at, and what deleting that record does. */
function foreignLinks(table: OwnedTable) {
  // By the column's name: a key declared beside the columns holds copies of them.
  const keyOf = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key]));
  const order = [...keyOf.values()];
  const links = getTableConfig(table).foreignKeys.flatMap((fk) => {
    const { columns, foreignColumns, foreignTable } = fk.reference();
    const target = nameOfTable.get(foreignTable);
    // A link to the owner's record is (owner, id): the field is the one pointing at the id.
    const index = foreignColumns.findIndex((column) => column.name === "id");
    const field = keyOf.get(columns[index]?.name ?? "");
    return target && field ? [{ field, target, onDelete: fk.onDelete }] : [];
  });
  return links.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
}

/** Fields of a record type that point at a record of another type (whose ids a restore renews). */
export const LINKS = Object.fromEntries(
  RECORD_NAMES.map((name) => [
    name,
    Object.fromEntries(foreignLinks(declarationOf(name).table).map((link) => [link.field, link.target])),
  ]),
) as Record<RecordName, Record<string, RecordName>>;

// The declaration's order must keep a record after every type it links to.
for (const [index, name] of RECORD_NAMES.entries()) {
  for (const target of Object.values(LINKS[name])) {
    if (RECORD_NAMES.indexOf(target) >= index) {
      throw new Error(`The record type ${name} links to ${target}, which must be declared before it.`);
    }
  }
}

/**
 * Every table of care records a family owns, by its name, in an order where deleting never breaks
 * a link (the declaration's in reverse: photos and usage before what they point at, children last).
 */
export const CARE_RECORD_TABLES = Object.fromEntries(
  RECORD_NAMES.toReversed().map((name) => [name, RECORD_TYPES[name].table]),
) as { [N in RecordName]: (typeof RECORD_TYPES)[N]["table"] };

/** The record types the database deletes with their child (their link to it cascades). */
export const DELETED_WITH_CHILD: readonly { entity: string; table: OwnedTable }[] = RECORD_NAMES.filter(
  (name) =>
    foreignLinks(declarationOf(name).table).some(
      (link) => link.target === "children" && link.onDelete === "cascade",
    ),
).map((name) => ({ entity: RECORD_TYPES[name].entity, table: RECORD_TYPES[name].table }));

type CountedName = {
  [N in RecordName]: (typeof RECORD_TYPES)[N] extends { onDashboard: true } ? N : never;
}[RecordName];

/**
 * The dashboard's counts: each type declared `onDashboard`, with its table and child rule, by the
 * count's name (the compiler checks they are exactly the counts the dashboard answers).
 */
export const DASHBOARD_COUNTED: readonly ({ name: keyof DashboardStats } & ReturnType<typeof recordType>)[] =
  RECORD_NAMES.filter((name): name is CountedName => "onDashboard" in RECORD_TYPES[name]).map((name) => ({
    name: name satisfies keyof DashboardStats as keyof DashboardStats,
    ...recordType(name),
  }));
// And every count the dashboard answers is declared (a count left out does not compile).
const everyCountDeclared: Record<Exclude<keyof DashboardStats, CountedName>, never> = {};
void everyCountDeclared;
