import type { FieldValues } from "react-hook-form";
import { z } from "zod";
import { storedVitalValue, vitalInputValue } from "@/client/lib/vital-values";
import type { Vital, VitalBody } from "@/client/lib/vitals-api";
import { vitalInput } from "@/domain/vital-records";
import {
  formatTemperature,
  isLowTemperature,
  LOW_TEMPERATURE_C,
  type TemperatureUnit,
  type VitalKind,
} from "@/domain/vitals";
import type { SecondLook } from "../record-screen/second-look";

/** The inputs' strings: the value as typed in the family's unit. */
export interface VitalFormValues {
  childId: string;
  kind: VitalKind;
  value: string;
  site: string;
  date: string;
  time: string;
  notes: string;
}

export const VITAL_FORM_FIELDS = ["childId", "kind", "value", "site", "date", "time", "notes"] as const;

/**
 * The form's values to the request body: the value typed in the family's unit to °C (kg, cm), then
 * the server's own schema (dates, time, notes, site only on a temperature). Each message lands
 * under its field. `original`: the stored value of the record edited, kept when its °F was not changed.
 */
export function vitalFormSchema(
  unit: TemperatureUnit,
  original: number | null = null,
): z.ZodType<VitalBody, FieldValues> {
  return z
    .object({
      childId: z.string(),
      kind: z.string(),
      value: z.string(),
      site: z.string(),
      date: z.string(),
      time: z.string(),
      notes: z.string(),
    })
    .transform((values, ctx) => {
      const kind = values.kind as VitalKind;
      const stored = storedVitalValue(kind, values.value, unit, original);
      if (stored.error !== undefined)
        ctx.addIssue({ code: "custom", path: ["value"], message: stored.error });
      const parsed = vitalInput.safeParse({
        ...values,
        value: stored.value ?? 0,
        site: kind === "temperature" ? values.site : "",
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          // The value's own message (in the unit typed) is said once, above.
          if (stored.error !== undefined && issue.path[0] === "value") continue;
          ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
        }
        return z.NEVER;
      }
      if (stored.error !== undefined) return z.NEVER;
      return parsed.data;
    }) as unknown as z.ZodType<VitalBody, FieldValues>;
}

/**
 * A new entry starts now on the family's clock, for the kind and child given; an edit starts from
 * the record, its temperature shown in the family's unit.
 */
export function vitalFormValues(
  record: Vital | null,
  start: { kind: VitalKind; childId: string | null; date: string; time: string },
  unit: TemperatureUnit,
): VitalFormValues {
  if (record) {
    return {
      childId: record.childId,
      kind: record.kind,
      value: vitalInputValue(record.kind, record.value, unit),
      site: record.site ?? "",
      date: record.date,
      time: record.time ?? "",
      notes: record.notes ?? "",
    };
  }
  return {
    childId: start.childId ?? "",
    kind: start.kind,
    value: "",
    site: "",
    date: start.date,
    time: start.time,
    notes: "",
  };
}

/**
 * What the form asks before saving a value that is more likely a slip than the child's: a
 * temperature below 35.0 °C (95.0 °F, `LOW_TEMPERATURE_C` with its sources). It can be saved
 * anyway, since it may be true, and then it matters.
 */
export function vitalSecondLooks(body: VitalBody, unit: TemperatureUnit): SecondLook[] {
  if (body.kind !== "temperature" || !isLowTemperature(body.value, unit)) return [];
  return [
    {
      title: `Is ${formatTemperature(body.value, unit)} right?`,
      description: `That is very low for a child (below ${formatTemperature(LOW_TEMPERATURE_C, unit)}). Check the thermometer and take it again. A low temperature can also be a sign of infection in a small child: if it is low again, or your child seems unwell, call your care team.`,
      confirmLabel: "Save anyway",
      backLabel: "Change it",
    },
  ];
}
