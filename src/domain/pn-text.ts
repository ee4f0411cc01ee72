import { formatStamp } from "./clock";
import { doseMomentText } from "./dose-moments";
import { DOSE_STATUS_LABELS, type DoseStatus } from "./doses";
import { type PerKg, plateauRate, USUAL_GIR } from "./pn";
import type { TimeFormat } from "./time-format";

/**
 * A prescription, its figures per kilogram and a last dose in words: the same sentences on the
 * TPN screen, the dashboard, the care summary (app, clinic page, PDF, Word) and the exports.
 */

const number = (value: number, places = 1) =>
  value.toLocaleString("en-US", { maximumFractionDigits: places, minimumFractionDigits: 0 });

export interface InfusionFields {
  bagVolumeMl: number;
  infusionHours: number;
  rateMlPerHour: number | null;
  taperUpMinutes: number | null;
  taperDownMinutes: number | null;
  dextrosePercent: number | null;
  aminoAcidsG: number | null;
  lipidG: number | null;
  lipidProduct?: string | null;
  additives?: string | null;
}

/** "1,000 mL over 12 h at 90.9 mL/h, taper up 60 min and down 60 min". */
export function infusionText(p: InfusionFields): string {
  const rate = plateauRate(p);
  const parts = [`${number(p.bagVolumeMl)} mL over ${number(p.infusionHours, 2)} h`];
  if (rate !== null) parts[0] += ` at ${number(rate)} mL/h${p.rateMlPerHour ? "" : " (computed)"}`;
  const up = p.taperUpMinutes ?? 0;
  const down = p.taperDownMinutes ?? 0;
  if (up || down) parts.push(`taper up ${up} min and down ${down} min`);
  return parts.join(", ");
}

/** "Dextrose 15 %, amino acids 30 g, lipid 20 g (SMOFlipid 20 %)"; null with none of them. */
export function contentsText(p: InfusionFields): string | null {
  const parts: string[] = [];
  if (p.dextrosePercent !== null) parts.push(`Dextrose ${number(p.dextrosePercent, 2)} %`);
  if (p.aminoAcidsG !== null) parts.push(`amino acids ${number(p.aminoAcidsG, 2)} g`);
  if (p.lipidG !== null)
    parts.push(`lipid ${number(p.lipidG, 2)} g${p.lipidProduct ? ` (${p.lipidProduct})` : ""}`);
  if (parts.length === 0) return null;
  const text = parts.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "GIR 6.3 mg/kg/min, 72 kcal/kg/day, protein 2.5 g/kg/day, lipid 1.67 g/kg/day"; null with none. */
export function perKgText(f: PerKg): string | null {
  const parts: string[] = [];
  if (f.gir !== null) parts.push(`GIR ${number(f.gir)} mg/kg/min`);
  if (f.kcalPerKgDay !== null) parts.push(`${number(f.kcalPerKgDay)} kcal/kg/day`);
  if (f.proteinGPerKgDay !== null) parts.push(`protein ${number(f.proteinGPerKgDay, 2)} g/kg/day`);
  if (f.lipidGPerKgDay !== null) parts.push(`lipid ${number(f.lipidGPerKgDay, 2)} g/kg/day`);
  return parts.length ? parts.join(", ") : null;
}

/** Whether a GIR lies outside the range it is usually kept in (4 to 15 mg/kg/min): shown with a note. */
export const isUnusualGir = (gir: number | null) =>
  gir !== null && (gir < USUAL_GIR.min || gir > USUAL_GIR.max);

/** "Weight 12.4 kg on 2026-10-01 (58 days ago: weigh again for current figures)". */
export function weightUsedText(w: { kg: number; date: string; ageDays: number; stale: boolean }): string {
  const age = w.ageDays === 0 ? "today" : `${w.ageDays} day${w.ageDays === 1 ? "" : "s"} ago`;
  return `Weight ${number(w.kg, 3)} kg on ${w.date} (${age}${w.stale ? ": older than 30 days, weigh again for current figures" : ""})`;
}

/**
 * "Given Nov 27, 2026 08:05 (America/Chicago) by Sam Lee"; with `now` (a card read at a glance),
 * the day said from now: "Given 08:05 today by Sam Lee".
 */
export function lastDoseText(
  dose: { givenAt: Date | string; status: DoseStatus; givenBy: string | null },
  timeZone: string,
  now?: Date,
  /** How the family writes times (time-format.ts). */
  timeFormat: TimeFormat = "24h",
): string {
  const at = typeof dose.givenAt === "string" ? new Date(dose.givenAt) : dose.givenAt;
  const when = now ? doseMomentText(at, timeZone, now, timeFormat) : formatStamp(at, timeZone, timeFormat);
  return `${DOSE_STATUS_LABELS[dose.status]} ${when}${dose.givenBy ? ` by ${dose.givenBy}` : ""}`;
}
