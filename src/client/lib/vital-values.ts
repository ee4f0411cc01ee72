import {
  celsiusToFahrenheit,
  fahrenheitToCelsius,
  formatTemperature,
  type TemperatureUnit,
  temperatureShown,
  toTenth,
  VITAL_LABELS,
  VITAL_RANGES,
  VITAL_UNITS,
  type VitalKind,
} from "@/domain/vitals";

/*
 * A measurement between what a person types and what is stored: temperatures in the family's unit
 * (°C or °F) on screen, always °C on the server; weights in kg, lengths in cm. No zod: the
 * dashboard's quick log reads these.
 */

/** The unit a kind is typed and shown in: the family's for a temperature. */
export function vitalUnit(kind: VitalKind, temperatureUnit: TemperatureUnit): string {
  return kind === "temperature" ? `°${temperatureUnit}` : VITAL_UNITS[kind];
}

/** What the value's input is called: "Temperature (°F)", "Weight (kg)". */
export function vitalValueLabel(kind: VitalKind, temperatureUnit: TemperatureUnit): string {
  return `${VITAL_LABELS[kind]} (${vitalUnit(kind, temperatureUnit)})`;
}

/** A temperature's plausible range (vitals.ts) in °F: 86 to 113. */
export const TEMPERATURE_RANGE_F = VITAL_RANGES.temperature.map(celsiusToFahrenheit) as [number, number];

/** Digits with at most three decimals, a comma allowed for the point ("38,3"). */
const DECIMAL = /^\d{1,3}([.,]\d{1,3})?$/;

/** A typed number, or null: "38,3" and " 38.3 " are 38.3. */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed.replace(",", ".")) : null;
}

/** What the value's input shows for a stored value: °F to one decimal, else as stored. */
export function vitalInputValue(kind: VitalKind, value: number, temperatureUnit: TemperatureUnit): string {
  if (kind === "temperature" && temperatureUnit === "F") return celsiusToFahrenheit(value).toFixed(1);
  return String(value);
}

export type StoredValue = { value: number; error?: undefined } | { value?: undefined; error: string };

/**
 * The value to store for what was typed: a temperature in °F turned into °C (two decimals), checked
 * against the kind's range in the unit typed, so the message speaks that unit. `original` (the
 * stored °C of the record edited) is kept when the °F shown was not changed: 38.3 °C shown as
 * 100.9 °F and saved again stays 38.3, not 38.28.
 */
export function storedVitalValue(
  kind: VitalKind,
  typed: string,
  temperatureUnit: TemperatureUnit,
  original?: number | null,
): StoredValue {
  const label = VITAL_LABELS[kind];
  if (typed.trim() === "") return { error: `${label} is required` };
  const number = parseDecimal(typed);
  if (number === null) return { error: `${label} must be a number such as ${EXAMPLES[kind]}` };
  const unit = vitalUnit(kind, temperatureUnit);
  if (kind === "temperature" && temperatureUnit === "F") {
    const [min, max] = TEMPERATURE_RANGE_F;
    if (number < min || number > max) return { error: `${label} must be between ${min} and ${max} ${unit}` };
    if (original !== undefined && original !== null && celsiusToFahrenheit(original) === number) {
      return { value: original };
    }
    return { value: fahrenheitToCelsius(number) };
  }
  const [min, max] = VITAL_RANGES[kind];
  if (number < min || number > max) {
    const [minF, maxF] = TEMPERATURE_RANGE_F;
    const looksLikeF = kind === "temperature" && number >= minF && number <= maxF;
    return {
      error: `${label} must be between ${min} and ${max} ${unit}${looksLikeF ? `: ${number} looks like °F` : ""}`,
    };
  }
  return { value: number };
}

const EXAMPLES: Record<VitalKind, string> = {
  temperature: "38.3",
  weight: "12.4",
  height: "86.5",
  "head-circumference": "47.2",
};

/** A measurement as the family reads it: "38.3 °C", "100.9 °F", "12.45 kg", "86.5 cm". */
export function formatVitalValue(kind: VitalKind, value: number, temperatureUnit: TemperatureUnit): string {
  if (kind === "temperature") return formatTemperature(value, temperatureUnit);
  const digits = kind === "weight" ? 3 : 1;
  return `${value.toLocaleString("en-US", { maximumFractionDigits: digits })} ${VITAL_UNITS[kind]}`;
}

/** A value in the unit it is charted in: a temperature in the family's unit, others as stored. */
export function chartedValue(kind: VitalKind, value: number, temperatureUnit: TemperatureUnit): number {
  return kind === "temperature" && temperatureUnit === "F" ? celsiusToFahrenheit(value) : value;
}

/** The fever thresholds a family may choose (PATCH /api/family): 37.5 to 39.5 °C, to a tenth. */
export const FEVER_THRESHOLD_RANGE_C = [37.5, 39.5] as const;

/** The threshold as its input shows it, in the family's unit: "38.0" or "100.4". */
export function thresholdInputValue(celsius: number, unit: TemperatureUnit): string {
  return temperatureShown(celsius, unit).toFixed(1);
}

/**
 * A typed fever threshold to the °C the family keeps, or the message to show under the field, in
 * the unit typed. A threshold is a tenth of the unit typed: in °F it is kept to two decimals of °C,
 * so it reads back as typed (100.5 °F is 38.06 °C, not 38.1 °C, which is 100.6 °F); in °C to a tenth.
 */
export function thresholdFromInput(typed: string, unit: TemperatureUnit): StoredValue {
  const label = "The fever threshold";
  const number = parseDecimal(typed);
  if (typed.trim() === "") return { error: `${label} is required` };
  if (number === null)
    return { error: `${label} must be a number such as ${unit === "F" ? "100.4" : "38.0"}` };
  const tenth = toTenth(number);
  const celsius = unit === "F" ? fahrenheitToCelsius(tenth) : tenth;
  const [min, max] = FEVER_THRESHOLD_RANGE_C;
  if (celsius < min || celsius > max) {
    const [low, high] = [min, max].map((c) => thresholdInputValue(c, unit));
    return { error: `${label} must be between ${low} and ${high} °${unit}` };
  }
  return { value: celsius };
}
