import { formatStamp } from "../../../../domain/clock";
import type { CareSummary } from "../../../../domain/exports";
import { isMedicationActive } from "../../../../domain/medication-status";
import type { ExportContext } from "../export-model";
import type { ExportColumn, ExportSection, SectionName } from "../export-sections";
import { readableValue, reportColumns } from "./values";

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

/** Enum values stored as slugs whose words need more than a capital letter. */
const VALUE_LABELS: Record<string, string> = {
  "power-picc": "Power PICC",
  "catheter-related": "Catheter-related",
  "life-threatening": "Life-threatening",
};

/** Columns holding one of a fixed list of values (slugs such as 'double-lumen'). */
const ENUM_KEYS = new Set([
  "status",
  "severity",
  "gender",
  "category",
  "priority",
  "mealType",
  "insertionSite",
  "lineType",
  "infectionType",
  "outcome",
]);
const SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

/** 'double-lumen' -> 'Double lumen'; free text (anything but a slug) is left as written. */
export function readableSlug(value: string): string {
  if (!SLUG.test(value)) return value;
  const known = VALUE_LABELS[value];
  if (known) return known;
  const words = value.replace(/[-_]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const DATE_COLUMN: ExportColumn = { key: "date", label: "Date", kind: "date" };
/** '2026-07-05' -> 'Jul 5, 2026'. */
export const readableDate = (value: string) => readableValue(DATE_COLUMN, value);

/** Characters a PDF prints as a box (controls, unpaired surrogates); XML cannot hold them either. */
const UNPRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Text as both formats print it: one kind of line break, tabs as spaces, other control characters gone. */
export const printable = (text: string) =>
  text.replace(/\r\n?/g, "\n").replace(/\t/g, " ").replace(UNPRINTABLE, "");

/** The names a record's links are shown by, read once per export. */
export interface ReportNames {
  children: Map<string, string>;
  supplies: Map<string, string>;
  lines: Map<string, string>;
}

/** Links a reader needs named (which supply was used, which line was infected); other ids are left out. */
const LINKS: Record<string, { label: string; names: keyof Omit<ReportNames, "children"> }> = {
  supplyId: { label: "Supply", names: "supplies" },
  piccLineId: { label: "PICC line", names: "lines" },
};

/** Columns that mean nothing on paper: a screen colour, a photo's storage path (the image is in the app). */
const HIDDEN = new Set(["avatarColor", "photoUrl"]);

/** Units the shared labels leave out because they differ by section. */
const SECTION_LABELS: Partial<Record<SectionName, Record<string, string>>> = {
  tpnEntries: { duration: "Duration (hours)" },
  physicalTherapySessions: { duration: "Duration (minutes)" },
};

/** The supplies and lines in the export's scope by id (a family has tens of them, not thousands). */
export async function reportNames(context: ExportContext): Promise<ReportNames> {
  const names: ReportNames = { children: await context.childNames(), supplies: new Map(), lines: new Map() };
  for (const section of context.sections) {
    if (section.name === "tpnSupplies") {
      for await (const row of context.rows(section)) names.supplies.set(String(row.id), String(row.name));
    }
    if (section.name === "piccLines") {
      for await (const row of context.rows(section)) {
        const type = row.lineType ? readableSlug(String(row.lineType)) : "Line";
        const site = row.insertionSite ? readableSlug(String(row.insertionSite)).toLowerCase() : null;
        const inserted = `inserted ${readableDate(String(row.insertionDate))}`;
        names.lines.set(String(row.id), [type, site, inserted].filter(Boolean).join(", "));
      }
    }
  }
  return names;
}

/**
 * A record's value for a report: `readableValue`, with enum slugs and stored flags in words and
 * links by name.
 */
export function reportValue(column: ExportColumn, value: unknown, names: ReportNames): string {
  if (value === null || value === undefined) return "";
  const link = LINKS[column.key];
  if (link) return names[link.names].get(String(value)) ?? "";
  // Medications keep 'true'/'false' as text, children 1/0: both read as Yes/No.
  if (column.key === "isActive") return value === true || value === "true" || value === 1 ? "Yes" : "No";
  const text = readableValue(column, value, names.children);
  return ENUM_KEYS.has(column.key) ? readableSlug(text) : text;
}

/** The columns a report prints for a section, in the table's order. */
export function reportFieldColumns(section: ExportSection): ExportColumn[] {
  const readable = new Map(reportColumns(section.columns).map((c) => [c.key, c]));
  const labels = SECTION_LABELS[section.name] ?? {};
  return section.columns.flatMap((column) => {
    const link = LINKS[column.key];
    const shown = link
      ? { ...column, label: link.label }
      : HIDDEN.has(column.key)
        ? undefined
        : readable.get(column.key);
    if (!shown) return [];
    const label = labels[column.key];
    return [label ? { ...shown, label } : shown];
  });
}

/**
 * One field of a record for a report. A medication marked active but past its end date is no
 * longer taken: it reads as not active, as on its card and in the care summary.
 */
function recordValue(column: ExportColumn, row: Record<string, unknown>, names: ReportNames): string {
  if (column.key === "isActive" && "endDate" in row) {
    const medication = {
      isActive: row.isActive === "false" ? ("false" as const) : ("true" as const),
      endDate: (row.endDate as string | null) ?? null,
    };
    return isMedicationActive(medication) ? "Yes" : "No";
  }
  return reportValue(column, row[column.key], names);
}

/** One record as "Label: value" lines, empty values left out. */
export function recordLines(
  columns: readonly ExportColumn[],
  row: Record<string, unknown>,
  names: ReportNames,
): ReportLine[] {
  const lines: ReportLine[] = [];
  for (const column of columns) {
    const text = recordValue(column, row, names);
    if (text) lines.push({ lead: `${column.label}: `, text });
  }
  return lines;
}

/** A section's records as report lines, a page of rows at a time (never the whole section). */
export async function* sectionRecords(
  context: ExportContext,
  section: ExportSection,
  names: ReportNames,
): AsyncGenerator<ReportLine[]> {
  const columns = reportFieldColumns(section);
  for await (const row of context.rows(section)) yield recordLines(columns, row, names);
}

const joined = (parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(" · ");
const after = (text: string) => (text ? ` – ${text}` : "");

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
    `Exported ${formatStamp(context.exportedAt, context.timeZone)}`,
    scopeText(context, childNames),
  ]);
}

/** The file's title (document properties). */
export const reportTitle = (context: ExportContext) => `Care report – ${accountName(context)}`;

/** At most this many infections on the summary page; the full list is in the records. */
const SUMMARY_INFECTIONS = 5;

const RATE_NOTE =
  "Infection rate: bloodstream infections that began while a central line was in place, per 1,000 days " +
  "with a line in (catheter-days), over all of this child's lines (the CLABSI rate hospitals report).";

function centralLineBlock(summary: CareSummary): SummaryBlock {
  const { currentLine, lineDays } = summary;
  const lines: ReportLine[] = [];
  if (currentLine) {
    lines.push({
      lead: currentLine.lineType ? readableSlug(currentLine.lineType) : "Central line",
      text: after(
        joined([
          currentLine.insertionSite && readableSlug(currentLine.insertionSite),
          `inserted ${readableDate(currentLine.insertionDate)}`,
          `${currentLine.daysIn} ${currentLine.daysIn === 1 ? "day" : "days"} in`,
        ]),
      ),
    });
  }
  if (lineDays.catheterDays > 0) {
    const infections = lineDays.bloodstreamInfections;
    lines.push({
      lead: "Infection rate: ",
      text:
        `${(lineDays.infectionRate ?? 0).toFixed(1)} per 1,000 catheter-days (${infections} bloodstream ` +
        `${infections === 1 ? "infection" : "infections"} in ${lineDays.catheterDays} catheter-days)`,
    });
  }
  return {
    heading: "Central line",
    lines,
    empty: "No central line recorded",
    ...(lineDays.catheterDays > 0 ? { note: RATE_NOTE } : {}),
  };
}

function infectionsBlock(summary: CareSummary): SummaryBlock {
  const shown = summary.infections.slice(0, SUMMARY_INFECTIONS);
  const lines: ReportLine[] = shown.map((i) => ({
    lead: readableDate(i.infectionDate),
    text: after(joined([readableSlug(i.infectionType), i.organism, i.outcome && readableSlug(i.outcome)])),
  }));
  const more = summary.infections.length - shown.length;
  if (more > 0) lines.push({ text: `and ${more} earlier (listed under PICC Infections)` });
  return { heading: "Line infections", lines, empty: "No line infections recorded" };
}

function latestTpnBlock(summary: CareSummary): SummaryBlock {
  const tpn = summary.latestTpn;
  const lines: ReportLine[] = tpn
    ? [
        {
          lead: readableDate(tpn.date),
          text: after(
            joined([
              tpn.calories && `${tpn.calories} kcal`,
              tpn.protein && `Protein ${tpn.protein} g`,
              tpn.carbohydrates && `Carbohydrates ${tpn.carbohydrates} g`,
              tpn.fat && `Fat ${tpn.fat} g`,
              tpn.volume && `Volume ${tpn.volume} mL`,
              tpn.duration !== null && `Over ${tpn.duration} ${tpn.duration === 1 ? "hour" : "hours"}`,
            ]),
          ),
        },
      ]
    : [];
  return { heading: "Latest TPN", lines, empty: "No TPN entries recorded" };
}

/** The lines of one child's care summary page, in the order an emergency room reads them. */
export function summaryContent(summary: CareSummary): SummaryContent {
  const { child } = summary;
  const facts: ReportLine[] = child
    ? [
        { lead: "Age: ", text: child.age },
        ...(child.dateOfBirth ? [{ lead: "Date of birth: ", text: readableDate(child.dateOfBirth) }] : []),
        { lead: "Diagnosis: ", text: child.diagnosis || "Not recorded" },
      ]
    : [];
  return {
    title: child?.name ?? "Family records (no child profile yet)",
    facts,
    allergies: {
      heading: "Allergies",
      lines: summary.allergies.map((a) => ({
        lead: `${a.allergen} – ${readableSlug(a.severity)}`,
        text: after(
          joined([a.reaction && `Reaction: ${a.reaction}`, a.treatment && `Treatment: ${a.treatment}`]),
        ),
      })),
      empty: "No allergies recorded",
    },
    blocks: [
      {
        heading: "Active medications",
        lines: summary.medications.map((m) => ({
          lead: m.name,
          text: after(joined([m.dosage, m.frequency, m.purpose && `for ${m.purpose}`])),
        })),
        empty: "No active medications recorded",
      },
      centralLineBlock(summary),
      infectionsBlock(summary),
      latestTpnBlock(summary),
      {
        heading: "Care team",
        lines: summary.careTeam.map((m) => ({
          lead: m.name,
          text: after(
            joined([[m.role, m.specialty, m.hospital].filter(Boolean).join(", "), m.phone, m.email]),
          ),
        })),
        empty: "No care team contacts recorded",
      },
      {
        heading: "Infusion center",
        lines: summary.infusionCenters.map((c) => ({
          lead: c.name,
          text: after(joined([c.phone, c.contactPerson && `Contact: ${c.contactPerson}`, c.address])),
        })),
        empty: "No infusion center recorded",
      },
    ],
  };
}
