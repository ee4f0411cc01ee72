import type { FieldIssue } from "./fields";

/*
 * No zod here: the dashboard's first screen reads these. The schemas are in vital-records.ts.
 */

/**
 * Vitals: a temperature, a weight, a length or height, a head circumference. Stored in °C, kg and
 * cm; a temperature is shown in °C or °F by the family's setting.
 */
export const VITAL_KINDS = ["temperature", "weight", "height", "head-circumference"] as const;
export type VitalKind = (typeof VITAL_KINDS)[number];

export const VITAL_LABELS: Record<VitalKind, string> = {
  temperature: "Temperature",
  weight: "Weight",
  height: "Length / height",
  "head-circumference": "Head circumference",
};

export const VITAL_UNITS: Record<VitalKind, string> = {
  temperature: "°C",
  weight: "kg",
  height: "cm",
  "head-circumference": "cm",
};

export const TEMPERATURE_SITES = ["oral", "axillary", "rectal", "tympanic", "temporal"] as const;
export type TemperatureSite = (typeof TEMPERATURE_SITES)[number];
export const TEMPERATURE_SITE_LABELS: Record<TemperatureSite, string> = {
  oral: "Oral",
  axillary: "Under the arm",
  rectal: "Rectal",
  tympanic: "Ear",
  temporal: "Forehead",
};

export const TEMPERATURE_UNITS = ["C", "F"] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];

/**
 * What a child's measurement can plausibly be, from a premature newborn to a young adult: a value
 * outside is a typing slip (a weight in pounds, a temperature in °F sent as °C), refused with a
 * message instead of saved. Temperature 30 to 45 °C covers deep hypothermia to the highest fever
 * recorded in children; weight 0.3 to 250 kg; length 20 to 250 cm; head circumference 15 to 70 cm.
 */
export const VITAL_RANGES: Record<VitalKind, readonly [number, number]> = {
  temperature: [30, 45],
  weight: [0.3, 250],
  height: [20, 250],
  "head-circumference": [15, 70],
};

/**
 * The fever threshold with a central line: 38.0 °C (100.4 °F). NASPGHAN's position paper on the
 * management of intestinal failure: "all children with intestinal failure and a central venous
 * catheter who develop a fever (38.0 °C) should be admitted to the hospital and assessed for
 * bacteremia". Some programmes use 100.5 °F (38.06 °C; 38.1 °C is 100.6 °F): the family can change
 * it. The family's threshold is kept in °C to two decimals, so a threshold typed in °F keeps its
 * tenth of a °F (every tenth from 99.5 to 103.1 °F comes back as typed).
 */
export const DEFAULT_FEVER_THRESHOLD_C = 38.0;

/**
 * To a tenth, halves up, as a person rounds: 37.95 is 38.0 and 38.05 is 38.1 (a stored 37.95 is
 * 37.9499... in binary; the nudge keeps `toFixed`'s binary rounding from reading it down).
 */
export const toTenth = (value: number) => Math.round(value * 10 + 1e-6) / 10;

/** °C to °F, to one decimal (38.0 °C is 100.4 °F, 38.1 °C is 100.6 °F). */
export const celsiusToFahrenheit = (celsius: number) => toTenth((celsius * 9) / 5 + 32);
/** °F to °C, to two decimals (what is stored: 100.5 °F is 38.06 °C). */
export const fahrenheitToCelsius = (fahrenheit: number) =>
  Math.round((((fahrenheit - 32) * 5) / 9) * 100) / 100;

/** A temperature (°C) as the number the family reads, to a tenth of their unit. */
export function temperatureShown(celsius: number, unit: TemperatureUnit): number {
  return unit === "F" ? celsiusToFahrenheit(celsius) : toTenth(celsius);
}

/** A temperature as the family reads it: "38.3 °C" or "100.9 °F". */
export function formatTemperature(celsius: number, unit: TemperatureUnit): string {
  return `${temperatureShown(celsius, unit).toFixed(1)} °${unit}`;
}

/**
 * Whether a temperature is at or above the family's fever threshold, as the family reads both: in
 * their unit, to the tenth shown. 37.96 °C reads "38.0 °C" and is a fever at 38.0 °C; with a
 * threshold of 100.5 °F, a reading of 100.5 °F is one.
 */
export function isFever(celsius: number, thresholdC: number, unit: TemperatureUnit): boolean {
  return temperatureShown(celsius, unit) >= temperatureShown(thresholdC, unit);
}

/**
 * Below this a temperature asks for a second look before it is saved (never refused: it may be
 * true). Hypothermia is a core temperature below 35 °C (95 °F): 2024 American Heart Association and
 * American Red Cross Guidelines for First Aid. At home a reading that low is more often a slip (the
 * thermometer not under the arm, a cold room) than the child's, and when it is the child's it
 * matters: NICE's sepsis guideline (NG51, 2016, updated 2024) counts a temperature under 36 °C as a
 * high-risk sign in a child under 5, and says sepsis may come without a high temperature.
 */
export const LOW_TEMPERATURE_C = 35.0;

/** Whether a temperature reads below 35.0 °C (95.0 °F) in the family's unit. */
export function isLowTemperature(celsius: number, unit: TemperatureUnit): boolean {
  return temperatureShown(celsius, unit) < temperatureShown(LOW_TEMPERATURE_C, unit);
}

/** A value's issues against its kind's range, and a site only on a temperature. */
export function vitalIssues(vital: {
  kind: VitalKind;
  value: number | string;
  site: string | null;
}): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const value = Number(vital.value);
  const [min, max] = VITAL_RANGES[vital.kind];
  const unit = VITAL_UNITS[vital.kind];
  if (!(value >= min && value <= max)) {
    issues.push({
      path: "value",
      message: `${VITAL_LABELS[vital.kind]} must be between ${min} and ${max} ${unit}`,
    });
  }
  if (vital.site && vital.kind !== "temperature") {
    issues.push({ path: "site", message: "A site is only for a temperature" });
  }
  return issues;
}
