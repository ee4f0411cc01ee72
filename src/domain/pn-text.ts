import { formatStamp } from "./clock";
import { doseMomentText } from "./dose-moments";
import { DOSE_STATUS_LABELS, type DoseStatus } from "./doses";
import {
  bagKcal,
  DEFAULT_LIPID_PERCENT,
  dextroseGrams,
  KCAL_PER_G,
  LIPID_KCAL_PER_ML,
  type LipidPercent,
  lipidKcalPerGram,
  type PerKg,
  plateauRate,
  type TaperStep,
  taperSteps,
  USUAL_GIR,
} from "./pn";
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
  /** Nights a week; null or absent: every night (not said). */
  nightsPerWeek?: number | null;
  rateMlPerHour: number | null;
  taperUpMinutes: number | null;
  taperDownMinutes: number | null;
  taperUpSteps?: readonly TaperStep[] | null;
  taperDownSteps?: readonly TaperStep[] | null;
  dextrosePercent: number | null;
  aminoAcidsG: number | null;
  lipidG: number | null;
  lipidPercent?: number | null;
  lipidProduct?: string | null;
  additives?: string | null;
}

/** "5 nights a week", "every night" (7). */
export const nightsText = (nights: number) =>
  nights >= 7 ? "every night" : `${nights} night${nights === 1 ? "" : "s"} a week`;

/** "60 min at 50 % then 30 min at 25 %": a taper's steps in the order they run. */
export const stepsText = (steps: readonly TaperStep[]) =>
  steps.map((s) => `${number(s.minutes, 0)} min at ${number(s.percent, 0)} %`).join(" then ");

/**
 * "1,000 mL over 12 h at 90.9 mL/h (computed), 5 nights a week, taper up 60 min at 50 %, taper
 * down 30 min at 50 % then 30 min at 25 %" (each step at a percent of the full rate; the nights
 * said only when the prescription gives them).
 */
export function infusionText(p: InfusionFields): string {
  const rate = plateauRate(p);
  const parts = [`${number(p.bagVolumeMl)} mL over ${number(p.infusionHours, 2)} h`];
  if (rate !== null) parts[0] += ` at ${number(rate)} mL/h${p.rateMlPerHour ? "" : " (computed)"}`;
  if (p.nightsPerWeek) parts.push(nightsText(p.nightsPerWeek));
  const { up, down } = taperSteps(p);
  if (up.length) parts.push(`taper up ${stepsText(up)}`);
  if (down.length) parts.push(`taper down ${stepsText(down)}`);
  return parts.join(", ");
}

/**
 * "Energy counted at dextrose 3.4 kcal/g, amino acids 4 kcal/g, lipid 11 kcal/g (10 % emulsion,
 * 1.1 kcal/mL)": the factors of what the bag holds; null with none of them.
 */
export function energyFactorsText(p: InfusionFields): string | null {
  const parts: string[] = [];
  if (dextroseGrams(p) !== null) parts.push(`dextrose ${KCAL_PER_G.dextrose} kcal/g`);
  if (p.aminoAcidsG !== null) parts.push(`amino acids ${KCAL_PER_G.aminoAcids} kcal/g`);
  if (p.lipidG !== null) {
    const strength = (p.lipidPercent ?? DEFAULT_LIPID_PERCENT) as LipidPercent;
    parts.push(
      `lipid ${number(lipidKcalPerGram(strength), 2)} kcal/g (${strength} % emulsion, ${number(LIPID_KCAL_PER_ML[strength], 2)} kcal/mL)`,
    );
  }
  return parts.length && bagKcal(p) !== null ? `Energy counted at ${parts.join(", ")}` : null;
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

/**
 * "GIR at full rate 18.3 mg/kg/min (24-hour average 8.4), 72 kcal/kg/day, protein 2.5 g/kg/day,
 * lipid 1.67 g/kg/day"; null with none.
 */
export function perKgText(f: PerKg): string | null {
  const parts: string[] = [];
  const average = f.girDayAverage === null ? null : `24-hour average ${number(f.girDayAverage)}`;
  if (f.gir !== null)
    parts.push(`GIR at full rate ${number(f.gir)} mg/kg/min${average ? ` (${average})` : ""}`);
  else if (average) parts.push(`GIR ${average} mg/kg/min`);
  if (f.kcalPerKgDay !== null) parts.push(`${number(f.kcalPerKgDay)} kcal/kg/day`);
  if (f.proteinGPerKgDay !== null) parts.push(`protein ${number(f.proteinGPerKgDay, 2)} g/kg/day`);
  if (f.lipidGPerKgDay !== null) parts.push(`lipid ${number(f.lipidGPerKgDay, 2)} g/kg/day`);
  return parts.length ? parts.join(", ") : null;
}

/**
 * With fewer than 7 nights a week, a PN day's figures are not the child's daily intake: the bag
 * comes `nights` days in 7. "Averaged over the week (5 nights a week): 27.1 kcal/kg/day, protein
 * 1.79 g/kg/day", each figure times nights / 7 (the GIR is a night's, not averaged); null for
 * every night, or nothing to average.
 */
export function weekAverageText(f: PerKg, nights: number | null | undefined): string | null {
  if (!nights || nights >= 7) return null;
  const share = (value: number) => value * (nights / 7);
  const parts: string[] = [];
  if (f.kcalPerKgDay !== null) parts.push(`${number(share(f.kcalPerKgDay))} kcal/kg/day`);
  if (f.proteinGPerKgDay !== null) parts.push(`protein ${number(share(f.proteinGPerKgDay), 2)} g/kg/day`);
  if (f.lipidGPerKgDay !== null) parts.push(`lipid ${number(share(f.lipidGPerKgDay), 2)} g/kg/day`);
  return parts.length ? `averaged over the week (${nightsText(nights)}): ${parts.join(", ")}` : null;
}

/** `perKgText`, then with fewer than 7 nights a week `weekAverageText` after a semicolon; null with none. */
export function pnDayAndWeek(f: PerKg, nights: number | null | undefined): string | null {
  const day = perKgText(f);
  if (!day) return null;
  const week = weekAverageText(f, nights);
  return week ? `${day}; ${week}` : day;
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
