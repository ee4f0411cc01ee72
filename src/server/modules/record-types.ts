import { getTableColumns } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import type { DashboardStats } from "../../domain/dashboard";
import type { OwnedRecordType, OwnedTable } from "../lib/owned-records";
import { medicalAllergiesRecordType } from "./allergies/allergies.record";
import { careTeamMembersRecordType } from "./care-team/care-team.record";
import { childrenRecordType } from "./children/children.record";
import { foodDiaryEntriesRecordType } from "./food-diary/food-diary.record";
import { infusionCentersRecordType } from "./infusion-centers/infusion-centers.record";
import {
  fluidIntakeRecordType,
  fluidLimitsRecordType,
  fluidOutputRecordType,
} from "./intake-output/intake-output.record";
import { labPanelsRecordType, labResultsRecordType } from "./lab-results/lab-results.record";
import { labTestsRecordType } from "./lab-tests/lab-tests.record";
import { lineCareRecordType } from "./line-care/line-care.record";
import { medicalPhotosRecordType } from "./medical-photos/medical-photos.record";
import { medicationDosesRecordType } from "./medication-doses/medication-doses.record";
import { medicationsRecordType } from "./medications/medications.record";
import { notesRecordType } from "./notes/notes.record";
import { physicalTherapySessionsRecordType } from "./physical-therapy/physical-therapy.record";
import { piccInfectionsRecordType, piccLinesRecordType } from "./picc/picc.record";
import { pnPrescriptionsRecordType } from "./pn-prescriptions/pn-prescriptions.record";
import type { RecordTypeDeclaration } from "./record-type-declaration";
import { specialistVisitsRecordType } from "./specialist-visits/specialist-visits.record";
import {
  supplyKitLinesRecordType,
  supplyStockEventsRecordType,
  supplyUsageRecordType,
  tpnSuppliesRecordType,
} from "./supplies/supplies.record";
import { symptomEntriesRecordType } from "./symptoms/symptoms.record";
import { careTaskEventsRecordType, careTasksRecordType } from "./tasks/tasks.record";
import { tpnEntriesRecordType } from "./tpn-entries/tpn-entries.record";
import { vitalsRecordType } from "./vitals/vitals.record";

export type { RecordTypeDeclaration };

/**
 * Every record type a family owns, by the name an export, a backup and the dashboard use for it,
 * in the order a person reads an export (the children first). The order is also one where a
 * record comes after every type it links to, so a restore writes in it and a deletion goes in
 * reverse (checked below). Each is declared beside its module (`<module>.record.ts`, with its
 * shared part in src/domain/record-types): adding a record type is one line here.
 */
export const RECORD_TYPES = {
  children: childrenRecordType,
  careTeamMembers: careTeamMembersRecordType,
  pnPrescriptions: pnPrescriptionsRecordType,
  tpnEntries: tpnEntriesRecordType,
  vitals: vitalsRecordType,
  fluidIntake: fluidIntakeRecordType,
  fluidOutput: fluidOutputRecordType,
  fluidLimits: fluidLimitsRecordType,
  infusionCenters: infusionCentersRecordType,
  piccLines: piccLinesRecordType,
  piccInfections: piccInfectionsRecordType,
  lineCare: lineCareRecordType,
  // After the bags and the line's care: a kit's usage names what drew it.
  tpnSupplies: tpnSuppliesRecordType,
  supplyUsage: supplyUsageRecordType,
  supplyStockEvents: supplyStockEventsRecordType,
  supplyKitLines: supplyKitLinesRecordType,
  specialistVisits: specialistVisitsRecordType,
  labTests: labTestsRecordType,
  labResults: labResultsRecordType,
  labPanels: labPanelsRecordType,
  symptomEntries: symptomEntriesRecordType,
  medicalAllergies: medicalAllergiesRecordType,
  medications: medicationsRecordType,
  medicationDoses: medicationDosesRecordType,
  notes: notesRecordType,
  physicalTherapySessions: physicalTherapySessionsRecordType,
  foodDiaryEntries: foodDiaryEntriesRecordType,
  medicalPhotos: medicalPhotosRecordType,
  careTasks: careTasksRecordType,
  careTaskEvents: careTaskEventsRecordType,
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
