import { INSERTION_SITE_LABELS, LINE_TYPE_LABELS } from "../../../domain/picc";
import { longDate } from "./formats/dates";

/** The names a record's links are shown by in the readable formats, read once per export. */
export interface LinkNames {
  children: Map<string, string>;
  supplies: Map<string, string>;
  lines: Map<string, string>;
  /** A dose's medication, by its name. */
  medications: Map<string, string>;
  /** A bag's prescription version, by the day it started. */
  prescriptions: Map<string, string>;
  /** A lab result's lab test (of the Lab Tests screen), by its name (the result's own date is beside it). */
  labTests: Map<string, string>;
}

/** "Double lumen, left arm, inserted Jul 5, 2026": a line as the PICC screen's select names it. */
export function lineName(row: Record<string, unknown>): string {
  const type = LINE_TYPE_LABELS[row.lineType as keyof typeof LINE_TYPE_LABELS] ?? "Line";
  const site = INSERTION_SITE_LABELS[row.insertionSite as keyof typeof INSERTION_SITE_LABELS];
  return [type, site?.toLowerCase(), `inserted ${longDate(String(row.insertionDate))}`]
    .filter(Boolean)
    .join(", ");
}

/** "PN prescription from Nov 15, 2026": a version of a child's prescription, by its start. */
export const prescriptionName = (row: Record<string, unknown>) =>
  `PN prescription from ${longDate(String(row.startDate))}`;

/**
 * The children, supplies, lines, medications, prescription versions and lab tests of the export by
 * id: a family has tens of them, not thousands, so they are read once, before the records, and each
 * record's link is a map lookup. `rows` reads them whatever the export's date range: a result of
 * the range names its lab test even when the test is dated before it.
 */
export async function linkNames<Section extends { name: string }>(context: {
  sections: readonly Section[];
  childNames(): Promise<Map<string, string>>;
  rows(section: Section): AsyncIterable<Record<string, unknown>>;
}): Promise<LinkNames> {
  const names: LinkNames = {
    children: await context.childNames(),
    supplies: new Map(),
    lines: new Map(),
    medications: new Map(),
    prescriptions: new Map(),
    labTests: new Map(),
  };
  const named: Partial<Record<string, [Map<string, string>, (row: Record<string, unknown>) => string]>> = {
    tpnSupplies: [names.supplies, (row) => String(row.name)],
    piccLines: [names.lines, lineName],
    medications: [names.medications, (row) => String(row.name)],
    pnPrescriptions: [names.prescriptions, prescriptionName],
    labTests: [names.labTests, (row) => String(row.testName)],
  };
  for (const section of context.sections) {
    const [map, nameOf] = named[section.name] ?? [];
    if (!map || !nameOf) continue;
    for await (const row of context.rows(section)) map.set(String(row.id), nameOf(row));
  }
  return names;
}
