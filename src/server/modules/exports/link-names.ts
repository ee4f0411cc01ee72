import { INSERTION_SITE_LABELS, LINE_TYPE_LABELS } from "../../../domain/picc";
import type { ExportContext } from "./export-model";
import { longDate } from "./formats/readable";

/** The names a record's links are shown by in the readable formats, read once per export. */
export interface LinkNames {
  children: Map<string, string>;
  supplies: Map<string, string>;
  lines: Map<string, string>;
}

/** "Double lumen, left arm, inserted Jul 5, 2026": a line as the PICC screen's select names it. */
export function lineName(row: Record<string, unknown>): string {
  const type = LINE_TYPE_LABELS[row.lineType as keyof typeof LINE_TYPE_LABELS] ?? "Line";
  const site = INSERTION_SITE_LABELS[row.insertionSite as keyof typeof INSERTION_SITE_LABELS];
  return [type, site?.toLowerCase(), `inserted ${longDate(String(row.insertionDate))}`]
    .filter(Boolean)
    .join(", ");
}

/**
 * The children, supplies and lines of the export by id: a family has tens of them, not
 * thousands, so they are read once, before the records, and each record's link is a map lookup.
 */
export async function linkNames(context: ExportContext): Promise<LinkNames> {
  const names: LinkNames = { children: await context.childNames(), supplies: new Map(), lines: new Map() };
  for (const section of context.sections) {
    if (section.name === "tpnSupplies") {
      for await (const row of context.rows(section)) names.supplies.set(String(row.id), String(row.name));
    }
    if (section.name === "piccLines") {
      for await (const row of context.rows(section)) names.lines.set(String(row.id), lineName(row));
    }
  }
  return names;
}
