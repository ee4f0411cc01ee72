import { formatStamp } from "../../../../domain/clock";
import type { ExportContext } from "../export-model";
import type { ExportSection } from "../export-sections";
import type { LinkNames } from "../link-names";
import {
  longDate,
  numberText,
  type ReadableColumn,
  readableColumns,
  readableSlug,
  readableText,
} from "./readable";

/**
 * What the PDF and Word reports say, apart from how they lay it out: the care summary's lines and
 * a record's "Label: value" fields. Each renderer prints a line as its `lead` in bold followed by
 * its `text`, so the separators live here and both formats read the same.
 */
export interface ReportLine {
  lead?: string;
  text: string;
}

export interface SummaryBlock {
  heading: string;
  lines: ReportLine[];
  /** Said in place of the lines when there are none. */
  empty: string;
  /** A short explanation under the lines (what a figure measures). */
  note?: string;
}

export interface SummaryContent {
  /** "Sam Rivera", or a family-level title when there are no children. */
  title: string;
  facts: ReportLine[];
  /** Set apart from the other blocks (a red box): the first thing an emergency room must see. */
  allergies: SummaryBlock;
  blocks: SummaryBlock[];
}

/** The heading above the records, after the summary pages. */
export const RECORDS_TITLE = "Records in full";
export const NO_RECORDS = "No records";
/** The title above each child's summary page. */
export const SUMMARY_LABEL = "Emergency care summary";

/** '2026-07-05' -> 'Jul 5, 2026'. */
export const readableDate = (value: string) => longDate(value);

/** A code in words, from the forms' own list ('double-lumen' -> 'Double lumen'). */
export const labelOf = (labels: Record<string, string>, value: string) =>
  labels[value] ?? readableSlug(value);

/** A stored decimal as written: '1150.00' -> '1150', '850.50' -> '850.5'. */
export const amount = (value: string) => numberText(Number(value));

/** Characters a PDF prints as a box (controls, unpaired surrogates); XML cannot hold them either. */
const UNPRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Text as both formats print it: one kind of line break, tabs as spaces, other control characters gone. */
export const printable = (text: string) =>
  text.replace(/\r\n?/g, "\n").replace(/\t/g, " ").replace(UNPRINTABLE, "");

/** The names a record's links are shown by, read once per export. */
export type ReportNames = LinkNames;

/** The supplies and lines in the export's scope by id (a family has tens of them, not thousands). */
export const reportNames = (context: ExportContext): Promise<ReportNames> => context.linkNames();

/**
 * The columns a report prints for a section, in the table's order: those with something written
 * in them (the date always), so a table has room for what was written.
 */
export async function reportColumns(
  context: ExportContext,
  section: ExportSection,
): Promise<ReadableColumn[]> {
  const filled = await context.filledColumns(section);
  return readableColumns(section, context.timeZone, {
    withTimes: false,
    timeFormat: context.timeFormat,
  }).filter(
    (column) =>
      filled.has(column.key) ||
      column.key === section.orderKey ||
      Boolean(column.from?.some((key) => filled.has(key))),
  );
}

/**
 * A section's records as rows of cells, in date order, a page of rows at a time (never the whole
 * section).
 */
export async function* sectionRecords(
  context: ExportContext,
  section: ExportSection,
  names: ReportNames,
  columns: readonly ReadableColumn[],
): AsyncGenerator<string[]> {
  for await (const row of context.rows(section, "date"))
    yield columns.map((column) =>
      readableText(column, column.value(row, names), context.timeZone, context.timeFormat),
    );
}

/** Parts of a line, those written, with a dot between. */
export const joined = (parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(" · ");
/** Text after a line's lead, after a dash. */
export const after = (text: string) => (text ? ` – ${text}` : "");

/** The account as a reader names it: its person, else its email. */
export function accountName(context: ExportContext): string {
  const { firstName, lastName, email } = context.account;
  return [firstName, lastName].filter(Boolean).join(" ") || email || "Account";
}

/** Which records the file holds, in words: 'Sam Rivera · Nov 1, 2026 to Nov 30, 2026'. */
export function scopeText(context: ExportContext, childNames: Map<string, string>): string {
  const { childId, from, to } = context.scope;
  const who = childId ? (childNames.get(childId) ?? "One child") : "All children";
  const when =
    from && to
      ? `${readableDate(from)} to ${readableDate(to)}`
      : from
        ? `From ${readableDate(from)}`
        : to
          ? `Until ${readableDate(to)}`
          : "All dates";
  return `${who} · ${when}`;
}

/** The small line at the top of every page: whose file, when it was made, what it holds. */
export function reportHeader(context: ExportContext, childNames: Map<string, string>): string {
  return joined([
    "Medical Care Tracker",
    accountName(context),
    `Exported ${formatStamp(context.exportedAt, context.timeZone, context.timeFormat)}`,
    scopeText(context, childNames),
  ]);
}

/** The file's title (document properties). */
export const reportTitle = (context: ExportContext) => `Care report – ${accountName(context)}`;

/** Free text that runs long (a note, a result): given more of a table's width. */
const LONG_TEXT = new Set([
  "notes",
  "content",
  "symptoms",
  "results",
  "description",
  "complications",
  "exercises",
  "foods",
  "progress",
  "instructions",
  "treatments",
  "triggers",
  "address",
  "sideEffects",
  "purpose",
  "reaction",
  "treatment",
  "antibiotics",
  "treatmentMethod",
  "removalReason",
  "analytes",
]);

/** Each column's share of a records table's width, by what it holds. */
export function columnShares(columns: readonly ReadableColumn[]): number[] {
  const weights = columns.map((column) =>
    LONG_TEXT.has(column.key)
      ? 2.2
      : column.key === "piccLineId"
        ? 2
        : column.kind === "number" || column.kind === "money"
          ? 0.8
          : column.kind === "date"
            ? 1.1
            : 1.2,
  );
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => weight / total);
}
