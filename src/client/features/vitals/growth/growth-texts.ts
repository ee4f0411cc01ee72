/*
 * How a place on a growth reference reads. No growth tables here: the Vitals screen's cards read
 * these too, and the tables load with the growth charts only.
 */
import { type Gestation, gestationText } from "@/domain/growth-age";

/** A growth point's ages: months since birth, and the corrected age while it applies (else null). */
type PointAge = { ageMonths: number; correctedAgeMonths: number | null };

/** "42nd", "3rd", "below the 1st", "above the 99th". */
export function percentileText(percentile: number): string {
  if (percentile < 1) return "below the 1st";
  if (percentile > 99) return "above the 99th";
  const n = Math.round(percentile);
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** A z-score with its sign: "+0.42", "−1.20" (a minus sign, read as "minus"). */
export function zScoreText(z: number): string {
  const text = Math.abs(z).toFixed(2);
  return z < 0 ? `−${text}` : `+${text}`;
}

/** An age as a parent says it: "3 weeks", "7 months", "1 year 2 months", "6 years". */
export function ageText(ageMonths: number): string {
  if (ageMonths < 1) {
    const weeks = Math.floor((ageMonths * 30.4375) / 7);
    return weeks <= 1 ? `${Math.max(0, Math.round(ageMonths * 30.4375))} days` : `${weeks} weeks`;
  }
  const months = Math.floor(ageMonths + 1e-9);
  if (months < 24) return `${months} month${months === 1 ? "" : "s"}`;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const y = `${years} year${years === 1 ? "" : "s"}`;
  return rest && years < 6 ? `${y} ${rest} month${rest === 1 ? "" : "s"}` : y;
}

/** What the growth charts need and the child's profile lacks: "sex and date of birth". */
export function missingText(missing: readonly ("sex" | "dateOfBirth")[]): string {
  const words = missing.map((m) => (m === "sex" ? "sex" : "date of birth"));
  return words.join(" and ");
}

/** "12.345 kg", "86.5 cm", "16.2 kg/m²". */
export function measurementText(value: number, unit: string): string {
  return `${value.toLocaleString("en-US", { maximumFractionDigits: unit === "kg" ? 3 : 1 })} ${unit}`;
}

/** Where a point sits on the chart: its corrected age while that applies, else its age since birth. */
export function chartAge(point: PointAge): number {
  return point.correctedAgeMonths ?? point.ageMonths;
}

/**
 * A point's age as the table says it: "7 months"; for a child born early, "3 months corrected age
 * (5 months since birth)", or "1 month since birth, before the due date".
 */
export function pointAgeText(point: PointAge): string {
  const { ageMonths, correctedAgeMonths: corrected } = point;
  if (corrected === null) return ageText(ageMonths);
  if (corrected < 0) return `${ageText(ageMonths)} since birth, before the due date`;
  return `${ageText(corrected)} corrected age (${ageText(ageMonths)} since birth)`;
}

/** What the growth screen says of a child born before 37 weeks. */
export function correctedAgeNote(name: string, gestation: Gestation): string {
  return (
    `Born at ${gestationText(gestation)}: ${name}'s percentiles and chart use the corrected age ` +
    "(counted from the due date) until 2 years, as the CDC and the AAP advise. Measurements before " +
    "the due date have no percentile: the WHO charts start at term."
  );
}
