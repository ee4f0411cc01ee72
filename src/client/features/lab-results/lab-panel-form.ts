import type { FieldValues } from "react-hook-form";
import { z } from "zod";
import { analyteOf } from "@/domain/lab-analytes";
import {
  type LabPanelInput,
  labPanelInput,
  type PanelAnalyte,
  type SuggestedPanel,
} from "@/domain/lab-panels";
import type { LabPanel, LabPanelBody } from "./api";
import { type AnalyteRowValues, EMPTY_ANALYTE, OTHER_ANALYTE } from "./lab-result-form";

export interface LabPanelFormValues {
  childId: string;
  name: string;
  /** The panel's analytes: catalogue keys, or `name:<typed name>` for one the catalogue lacks. */
  analytes: string[];
  every: string;
  unit: string;
  firstDue: string;
  instructions: string;
  source: string;
  active: boolean;
}

export const LAB_PANEL_FORM_FIELDS = [
  "childId",
  "name",
  "analytes",
  "every",
  "unit",
  "firstDue",
  "instructions",
  "source",
  "active",
] as const;

const NAME_PREFIX = "name:";

/** A panel analyte as the form keeps it (one string), and back. */
export const analyteToken = (a: PanelAnalyte) => a.analyte ?? `${NAME_PREFIX}${a.name ?? ""}`;
export const tokenAnalyte = (token: string): PanelAnalyte =>
  token.startsWith(NAME_PREFIX)
    ? { analyte: null, name: token.slice(NAME_PREFIX.length) }
    : { analyte: token as PanelAnalyte["analyte"], name: null };
export const namedToken = (name: string) => `${NAME_PREFIX}${name.trim()}`;

/** A new panel starts every month from today, for the child shown; an edit starts from the panel. */
export function labPanelFormValues(
  record: LabPanel | null,
  start: { childId: string | null; today: string },
): LabPanelFormValues {
  if (!record) {
    return {
      childId: start.childId ?? "",
      name: "",
      analytes: [],
      every: "1",
      unit: "months",
      firstDue: start.today,
      instructions: "",
      source: "",
      active: true,
    };
  }
  return {
    childId: record.childId,
    name: record.name,
    analytes: record.analytes.map(analyteToken),
    every: String(record.every),
    unit: record.unit,
    firstDue: record.firstDue,
    instructions: record.instructions ?? "",
    source: record.source ?? "",
    active: record.active,
  };
}

/** The form's values as the request's body (before the server's schema checks it). */
export const labPanelBody = (values: LabPanelFormValues): LabPanelInput => ({
  ...values,
  unit: values.unit as LabPanelInput["unit"],
  analytes: values.analytes.map(tokenAnalyte),
});

/** The form's values through the server's own schema; each message lands under its input. */
export const labPanelFormSchema = z.custom<FieldValues>().transform((values, ctx) => {
  const parsed = labPanelInput.safeParse(labPanelBody(values as LabPanelFormValues));
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: "custom", path: issue.path.slice(0, 1), message: issue.message });
  }
  return z.NEVER;
}) as unknown as z.ZodType<LabPanelBody, FieldValues>;

/** A suggested panel as the body that saves it for a child, from a first due date. */
export const suggestedBody = (
  suggestion: SuggestedPanel,
  childId: string,
  firstDue: string,
): LabPanelInput => ({
  ...suggestion,
  childId,
  firstDue,
  active: true,
});

/** The lab result form's analyte rows for a panel: each analyte in its first unit, values to fill in. */
export const panelRows = (panel: Pick<LabPanel, "analytes">): AnalyteRowValues[] =>
  panel.analytes.map((a) => {
    const known = analyteOf(a.analyte);
    return known
      ? { ...EMPTY_ANALYTE, choice: known.key, unit: known.units[0].unit }
      : { ...EMPTY_ANALYTE, choice: OTHER_ANALYTE, name: a.name ?? "" };
  });
