import { z } from "zod";
import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { toDateOnly, toTimeOnly } from "@/client/lib/format";
import type { FluidIntake, FluidIntakeBody } from "@/client/lib/intake-output-api";
import {
  FEED_PRODUCTS,
  FEED_ROUTE_LABELS,
  FEED_ROUTES,
  fluidIntakeInput,
  INTAKE_MODE_LABELS,
  INTAKE_MODES,
  INTAKE_SOURCE_LABELS,
  INTAKE_SOURCES,
} from "@/domain/intake-output";

const FORM_KEYS = [
  "date",
  "time",
  "source",
  "route",
  "product",
  "mode",
  "volumeMl",
  "rateMlPerHour",
  "hours",
  "kcalPerMl",
  "notes",
] as const;

/** The inputs' strings and the child the entry belongs to (the screen's picker). */
export type IntakeFormValues = Record<(typeof FORM_KEYS)[number] | "childId", string>;

/** A listed product's kcal per mL, by its name as typed (any case). */
export function listedKcalPerMl(product: string): number | undefined {
  const name = product.trim().toLowerCase();
  return FEED_PRODUCTS.find((p) => p.name.toLowerCase() === name)?.kcalPerMl;
}

/**
 * The server's schema, after the form's own tidying: fields hidden by the choices made are not
 * sent (a bolus's rate, a drink's tube), and an empty kcal per mL takes the listed product's.
 */
export const intakeFormSchema = z.preprocess((input) => {
  if (!input || typeof input !== "object") return input;
  const values = { ...(input as IntakeFormValues) };
  if (values.source !== "enteral") values.route = "";
  if (values.mode === "bolus") Object.assign(values, { rateMlPerHour: "", hours: "" });
  if (values.mode === "continuous") values.volumeMl = "";
  const listed = listedKcalPerMl(values.product ?? "");
  if (!values.kcalPerMl && listed !== undefined) values.kcalPerMl = String(listed);
  return values;
}, fluidIntakeInput) as unknown as z.ZodType<FluidIntakeBody, IntakeFormValues>;

const amount = (step: string) => ({ type: "number", step, min: "0" }) as const;

export const intakeFields: readonly RecordFieldConfig<IntakeFormValues>[] = [
  { name: "date", label: "Date *", type: "date", required: true },
  { name: "time", label: "Time", type: "time" },
  {
    name: "source",
    label: "Given *",
    type: "select",
    required: true,
    options: INTAKE_SOURCES.map((value) => ({ value, label: INTAKE_SOURCE_LABELS[value] })),
  },
  {
    name: "route",
    label: "Tube *",
    type: "select",
    placeholder: "Select the tube",
    options: FEED_ROUTES.map((value) => ({ value, label: FEED_ROUTE_LABELS[value] })),
    shownWhen: { field: "source", is: ["enteral"] },
  },
  {
    name: "product",
    label: "Feed or fluid",
    placeholder: "Formula, breast milk, water...",
    suggestions: FEED_PRODUCTS.map((p) => p.name),
  },
  {
    name: "mode",
    label: "How *",
    type: "select",
    required: true,
    options: INTAKE_MODES.map((value) => ({ value, label: INTAKE_MODE_LABELS[value] })),
  },
  { name: "volumeMl", label: "Volume (mL) *", ...amount("1"), shownWhen: { field: "mode", is: ["bolus"] } },
  {
    name: "rateMlPerHour",
    label: "Rate (mL/h) *",
    ...amount("0.1"),
    shownWhen: { field: "mode", is: ["continuous"] },
  },
  { name: "hours", label: "Hours *", ...amount("0.25"), shownWhen: { field: "mode", is: ["continuous"] } },
  {
    name: "kcalPerMl",
    label: "kcal per mL",
    ...amount("0.01"),
    hint: "Left empty for a listed feed: its maker's value (PediaSure 1.0: 1.0; breast milk: 0.67). Change it for a feed mixed stronger.",
  },
  {
    name: "notes",
    more: true,
    label: "Notes",
    type: "textarea",
    placeholder: "Tolerance, residuals, vomiting...",
  },
];

/** Now and a tube feed given as a bolus when adding; the entry's values when editing. */
export function intakeFormValues(entry: FluidIntake | null, childId: string | null): IntakeFormValues {
  const values = toFormValues(FORM_KEYS, entry);
  if (entry) return { ...values, childId: entry.childId };
  return {
    ...values,
    date: toDateOnly(),
    time: toTimeOnly(),
    source: "enteral",
    mode: "bolus",
    childId: childId ?? "",
  };
}

/** The last feed again, now: what "Repeat last feed" fills in, so Save is the second tap. */
export function repeatedIntakeValues(last: FluidIntake): IntakeFormValues {
  return { ...intakeFormValues(last, last.childId), date: toDateOnly(), time: toTimeOnly(), notes: "" };
}

/** The intake form as its record screen takes it. */
export const intakeForm = {
  schema: intakeFormSchema,
  fields: intakeFields,
  toFormValues: intakeFormValues,
};
