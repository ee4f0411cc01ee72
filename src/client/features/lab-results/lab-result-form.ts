import type { FieldValues } from "react-hook-form";
import { z } from "zod";
import { analyteOf, convert, type LabResultInput, labResultInput } from "@/domain/lab-results";
import type { LabResult, LabResultBody } from "./api";

/** The choice of an analyte typed in by name, beside the catalogue's keys. */
export const OTHER_ANALYTE = "other";

/** One analyte row as its inputs hold it. */
export interface AnalyteRowValues {
  /** A catalogue key, `OTHER_ANALYTE`, or "" (none chosen yet). */
  choice: string;
  name: string;
  value: string;
  unit: string;
  referenceLow: string;
  referenceHigh: string;
  flag: string;
}

export interface LabResultFormValues {
  childId: string;
  labTestId: string;
  date: string;
  time: string;
  drawSite: string;
  pnTiming: string;
  fasting: string;
  labName: string;
  notes: string;
  analytes: AnalyteRowValues[];
}

export const EMPTY_ANALYTE: AnalyteRowValues = {
  choice: "",
  name: "",
  value: "",
  unit: "",
  referenceLow: "",
  referenceHigh: "",
  flag: "",
};

/** The form's top-level fields, for the server's messages to land under them. */
export const LAB_RESULT_FORM_FIELDS = [
  "childId",
  "labTestId",
  "date",
  "time",
  "drawSite",
  "pnTiming",
  "fasting",
  "labName",
  "notes",
  "analytes",
] as const;

const text = (n: number | null) => (n === null ? "" : String(n));

/** A new result starts today for the child shown; an edit starts from the result. */
export function labResultFormValues(
  record: LabResult | null,
  start: { childId: string | null; date: string },
): LabResultFormValues {
  if (!record) {
    return {
      childId: start.childId ?? "",
      labTestId: "",
      date: start.date,
      time: "",
      drawSite: "",
      pnTiming: "",
      fasting: "",
      labName: "",
      notes: "",
      analytes: [{ ...EMPTY_ANALYTE }],
    };
  }
  return {
    childId: record.childId,
    labTestId: record.labTestId ?? "",
    date: record.date,
    time: record.time ?? "",
    drawSite: record.drawSite ?? "",
    pnTiming: record.pnTiming ?? "",
    fasting: record.fasting ?? "",
    labName: record.labName ?? "",
    notes: record.notes ?? "",
    analytes: record.analytes.map((a) => ({
      choice: a.analyte ?? OTHER_ANALYTE,
      name: a.name ?? "",
      value: String(a.value),
      unit: a.unit,
      referenceLow: text(a.referenceLow),
      referenceHigh: text(a.referenceHigh),
      flag: a.flag ?? "",
    })),
  };
}

/**
 * A row's numbers in another unit of its analyte, as the unit select changes: the value and the
 * range converted (to at most 4 significant decimals), so what was typed keeps its meaning.
 */
export function rowInUnit(row: AnalyteRowValues, unit: string): AnalyteRowValues {
  const analyte = analyteOf(row.choice);
  const moved = (typed: string) => {
    if (!analyte || typed.trim() === "" || !Number.isFinite(Number(typed))) return typed;
    const value = convert(analyte, Number(typed), row.unit, unit);
    return value === undefined ? typed : String(Number(value.toPrecision(4)));
  };
  return {
    ...row,
    unit,
    value: moved(row.value),
    referenceLow: moved(row.referenceLow),
    referenceHigh: moved(row.referenceHigh),
  };
}

/** A row's analyte chosen: a catalogued one starts in its first unit; the flag is left as it was. */
export function rowWithChoice(row: AnalyteRowValues, choice: string): AnalyteRowValues {
  const analyte = analyteOf(choice);
  return {
    ...row,
    choice,
    unit: analyte ? analyte.units[0].unit : row.choice === OTHER_ANALYTE ? row.unit : "",
  };
}

/** The form's values as the request's body (before the server's schema checks it). */
export function labResultBody(values: LabResultFormValues): LabResultInput {
  return {
    ...values,
    analytes: values.analytes.map(({ choice, ...row }) =>
      choice === OTHER_ANALYTE || choice === ""
        ? { ...row, analyte: null }
        : { ...row, analyte: choice, name: null },
    ),
  };
}

/**
 * The form's values to the request body through the server's own schema; each message lands
 * under its input (an analyte's own message under the row's analyte select).
 */
export const labResultFormSchema = z.custom<FieldValues>().transform((values, ctx) => {
  const form = values as LabResultFormValues;
  const parsed = labResultInput.safeParse(labResultBody(form));
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    // A row with no analyte chosen yet: the name it lacks is said under its select.
    const row = form.analytes?.[Number(issue.path[1])];
    const onChoice = (part: PropertyKey) =>
      part === "analyte" || (part === "name" && row?.choice !== OTHER_ANALYTE);
    const path = issue.path.map((part, i) => (i === 2 && onChoice(part) ? "choice" : part));
    ctx.addIssue({ code: "custom", path, message: issue.message });
  }
  return z.NEVER;
}) as unknown as z.ZodType<LabResultBody, FieldValues>;
