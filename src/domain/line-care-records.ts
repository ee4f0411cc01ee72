import { z } from "zod";
import {
  acrossFields,
  type FieldIssue,
  MAX_LIST_ITEMS,
  oneOf,
  optionalInt,
  optionalMeasure,
  optionalText,
  optionalTime,
  pastDate,
  requiredId,
} from "./fields";
import {
  DRESSING_TYPES,
  LINE_CARE_KINDS,
  LINE_CARE_LABELS,
  type LineCareKind,
  LOCK_SOLUTIONS,
  SITE_FINDINGS,
} from "./line-care";
import { dateOnly, nullableText, recordBase, type Wire } from "./records";
import { kitDrawField } from "./supply-kits";

/** The contract of `/api/line-care`: one event of a line's care (see line-care.ts). */

const optionalChoice = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z
    .union([z.literal(""), z.null(), oneOf(label, values)])
    .optional()
    .transform((v) => (v ? v : null));

/** Yes, no, or not said: the forms' selects send "true"/"false". */
const optionalYesNo = () =>
  z
    .union([z.boolean(), z.enum(["true", "false"]), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v === true || v === "true" ? true : v === false || v === "false" ? false : null));

/** Which fields belong to which kind: a field of another kind is a slip, refused by name. */
const FIELDS_OF: Record<string, readonly LineCareKind[]> = {
  dressingType: ["dressing"],
  withLipids: ["tubing"],
  lipidsAlone: ["tubing"],
  lockSolution: ["lock"],
  dwellMinutes: ["lock"],
  findings: ["site-check"],
  externalLengthCm: ["external-length", "dressing"],
  alteplaseUsed: ["occlusion"],
  repaired: ["breakage"],
};

export interface LineCareFields {
  kind: LineCareKind;
  dressingType: string | null;
  withLipids: boolean | null;
  lipidsAlone: boolean | null;
  lockSolution: string | null;
  dwellMinutes: number | null;
  findings: readonly string[] | null;
  externalLengthCm: number | null;
  alteplaseUsed: boolean | null;
  repaired: boolean | null;
}

/**
 * An event's fields against its kind: a dressing says which dressing, a measured length says the
 * length, a site check says what was seen; a field of another kind is refused.
 */
export function lineCareIssues(event: LineCareFields): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (event.kind === "dressing" && !event.dressingType)
    issues.push({ path: "dressingType", message: "Choose the dressing: transparent or gauze" });
  if (event.kind === "external-length" && event.externalLengthCm === null)
    issues.push({ path: "externalLengthCm", message: "Enter the length measured, in cm" });
  if (event.lipidsAlone && event.withLipids === false)
    issues.push({ path: "lipidsAlone", message: "A set for lipids alone carries lipids" });
  if (event.kind === "site-check" && !event.findings?.length)
    issues.push({ path: "findings", message: "Choose what the site looked like" });
  for (const [field, kinds] of Object.entries(FIELDS_OF)) {
    const value = event[field as keyof LineCareFields];
    const given = Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined;
    if (given && !kinds.includes(event.kind)) {
      issues.push({ path: field, message: `Not part of a ${LINE_CARE_LABELS[event.kind].toLowerCase()}` });
    }
  }
  return issues;
}

export const lineCareInput = z
  .object({
    childId: requiredId("Child", "Child is required"),
    piccLineId: requiredId("Line", "Line is required"),
    kind: oneOf("Kind", LINE_CARE_KINDS),
    date: pastDate("Date"),
    time: optionalTime(),
    dressingType: optionalChoice("Dressing", DRESSING_TYPES),
    withLipids: optionalYesNo(),
    /** A tubing whose set carries a lipid emulsion alone (12 hours by default: line-care.ts). */
    lipidsAlone: optionalYesNo(),
    lockSolution: optionalChoice("Lock solution", LOCK_SOLUTIONS),
    dwellMinutes: optionalInt("Dwell time (minutes)", 1, 7 * 24 * 60),
    findings: z
      .array(oneOf("Finding", SITE_FINDINGS), { message: "Findings must be a list" })
      .max(MAX_LIST_ITEMS)
      .nullish()
      .transform((v) => (v?.length ? [...new Set(v)] : null)),
    externalLengthCm: optionalMeasure("External length", "cm", 200, 1),
    alteplaseUsed: optionalYesNo(),
    repaired: optionalYesNo(),
    notes: optionalText(1000),
  })
  .check(
    acrossFields(
      [
        "kind",
        "dressingType",
        "withLipids",
        "lipidsAlone",
        "lockSolution",
        "dwellMinutes",
        "findings",
        "externalLengthCm",
        "alteplaseUsed",
        "repaired",
      ],
      lineCareIssues,
    ),
  );
export type LineCareInput = z.input<typeof lineCareInput>;

export const lineCareRecord = z.object({
  ...recordBase,
  childId: z.uuid(),
  piccLineId: z.uuid(),
  kind: z.enum(LINE_CARE_KINDS),
  date: dateOnly,
  time: nullableText,
  dressingType: z.enum(DRESSING_TYPES).nullable(),
  withLipids: z.boolean().nullable(),
  lipidsAlone: z.boolean().nullable(),
  lockSolution: z.enum(LOCK_SOLUTIONS).nullable(),
  dwellMinutes: z.number().int().nullable(),
  findings: z.array(z.enum(SITE_FINDINGS)).nullable(),
  externalLengthCm: z.number().nullable(),
  alteplaseUsed: z.boolean().nullable(),
  repaired: z.boolean().nullable(),
  notes: nullableText,
  /** What a dressing change's kit drew from the supplies (src/domain/supply-kits.ts). */
  ...kitDrawField,
});
export type LineCareEvent = Wire<typeof lineCareRecord>;

/** `GET /api/picc-lines/:id/care-status`: each scheduled care's last time, interval, due time and state. */
export const careStatusRecord = z.object({
  kind: z.enum(["dressing", "connector", "tubing", "lock"]),
  lastAt: z.iso.datetime({ offset: true }).nullable(),
  intervalHours: z.number().int().nullable(),
  dueAt: z.iso.datetime({ offset: true }).nullable(),
  state: z.enum(["ok", "due", "overdue"]),
});
export type CareStatusItem = Wire<typeof careStatusRecord>;

const ratesShape = z.object({
  catheterDays: z.number().int(),
  counts: z.object({
    bloodstream: z.number().int(),
    exitSite: z.number().int(),
    occlusion: z.number().int(),
    breakage: z.number().int(),
    dislodgement: z.number().int(),
  }),
  rates: z.object({
    bloodstream: z.number().nullable(),
    exitSite: z.number().nullable(),
    occlusion: z.number().nullable(),
    breakage: z.number().nullable(),
    dislodgement: z.number().nullable(),
  }),
});

/** `GET /api/picc-lines/rates?childId=`: the child's and each line's catheter-days and rates. */
export const lineRatesRecord = z.object({
  child: ratesShape,
  lines: z.array(ratesShape.extend({ lineId: z.uuid() })),
  /** The ASPEN Sustain figure for children, per 1,000 PN-days (line-care.ts). */
  benchmarkBloodstreamPer1000: z.number(),
});
export type LineRates = Wire<typeof lineRatesRecord>;
