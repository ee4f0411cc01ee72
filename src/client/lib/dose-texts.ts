import { doseMomentText } from "@/domain/dose-moments";
import type { TooSoon } from "@/domain/dose-records";
import { nextDueAt, type Schedule } from "@/domain/doses";
import { isMedicationActive } from "@/domain/medication-status";
import type { Medication } from "@/domain/medications";
import { familyTimeFormat } from "./family-clock";

/*
 * A medication's doses in words, as its card, the dashboard and the "given already" question say
 * them: times on the family's clock, the day said from now ("08:05 today").
 */

type DueFacts = Schedule & Pick<Medication, "nextDueAt" | "missedDoses">;

/**
 * The dose to say is due next. The server's `nextDueAt` is the first scheduled dose after the last
 * one given; once that dose was missed (it is listed in `missedDoses`), the next is the one after
 * the newest missed dose, not the missed one again.
 */
export function upcomingDueAt(medication: DueFacts, timeZone: string, now: Date): Date | null {
  if (!medication.nextDueAt) return null;
  const due = new Date(medication.nextDueAt);
  const newestMissed = medication.missedDoses[0] ? new Date(medication.missedDoses[0]) : null;
  if (!newestMissed || due > newestMissed) return due;
  return nextDueAt(medication, { givenAt: newestMissed, status: "given" }, now, now, timeZone);
}

/** When the next dose is due: "Next due 20:00 today", or, once that time has passed, "Due since 14:00 today". */
export function nextDueText(
  medication: DueFacts,
  timeZone: string,
  now: Date,
): { text: string; due: boolean } | null {
  const at = upcomingDueAt(medication, timeZone, now);
  if (!at) return null;
  const due = at.getTime() <= now.getTime();
  const moment = doseMomentText(at, timeZone, now, familyTimeFormat());
  return { text: due ? `Due since ${moment}` : `Next due ${moment}`, due };
}

/**
 * The scheduled doses that passed with nothing recorded, newest first: "Missed 08:00 today", at
 * most `max` of them, then "and 2 more missed".
 */
export function missedTexts(missed: readonly string[], timeZone: string, now: Date, max = 3): string[] {
  const shown = missed
    .slice(0, max)
    .map((at) => `Missed ${doseMomentText(at, timeZone, now, familyTimeFormat())}`);
  const more = missed.length - shown.length;
  return more > 0 ? [...shown, `and ${more} more missed`] : shown;
}

/**
 * The question before a second dose: "Ursodiol was given at 08:05 today by Sam Lee. Give another
 * dose?" (without who, for an account that is gone).
 */
export function tooSoonQuestion(name: string, tooSoon: TooSoon, timeZone: string, now: Date): string {
  const { givenAt, givenBy } = tooSoon.lastDose;
  return `${name} was given at ${doseMomentText(givenAt, timeZone, now, familyTimeFormat())}${givenBy ? ` by ${givenBy}` : ""}. Give another dose?`;
}

type Scheduled = Pick<
  Medication,
  "scheduleKind" | "nextDueAt" | "missedDoses" | "isActive" | "startDate" | "endDate"
>;

/** Whether a medication is taken on `today` and has a schedule (so its card offers Skip, and the dashboard lists it). */
export const isScheduled = (medication: Scheduled, today: string) =>
  medication.scheduleKind !== null && isMedicationActive(medication, today);

/**
 * The medications the dashboard lists under doses: taken today, scheduled, with a dose due or
 * missed; a missed dose first (the oldest first), then the soonest due.
 */
export function dosesToList<T extends Scheduled>(medications: readonly T[], today: string): T[] {
  const first = (m: T) => m.missedDoses.at(-1) ?? m.nextDueAt ?? "";
  return medications
    .filter((m) => isScheduled(m, today) && (m.nextDueAt !== null || m.missedDoses.length > 0))
    .sort(
      (a, b) =>
        Number(b.missedDoses.length > 0) - Number(a.missedDoses.length > 0) ||
        first(a).localeCompare(first(b)),
    );
}

/** When a skipped dose is recorded: the newest missed dose's time (it answers that dose), else now. */
export const skipStartsAt = (medication: Pick<Medication, "missedDoses">, now: Date): Date =>
  medication.missedDoses[0] ? new Date(medication.missedDoses[0]) : now;

/**
 * What the Skip dialog says: the missed dose it marks skipped ("Skipping the dose due 08:00
 * today."), or a dose now; then why, for whoever gives the next one.
 */
export function skipDescription(
  medication: Pick<Medication, "missedDoses">,
  timeZone: string,
  now: Date,
): string {
  const missed = medication.missedDoses[0];
  const which = missed
    ? `Skipping the dose due ${doseMomentText(missed, timeZone, now)}.`
    : "Skipping this dose now.";
  return `${which} Say why, for whoever gives the next one.`;
}
