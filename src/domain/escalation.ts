/**
 * Who is told about a care task that came due, when, and how loudly: the escalation ladder.
 *
 * At the due time the assigned or on-duty caregiver is told; the reminder repeats every
 * `repeatMinutes` until someone does it or acknowledges it; after `nextAfterMinutes` the next
 * caregiver in the family's order is told too; after `everyoneAfterMinutes` every caregiver. A
 * task urgent in itself (a fever with a central line, PN not started by the latest start time, a
 * family task marked urgent) goes to everyone, urgent, at once. Reaching everyone does not make a
 * routine task urgent: quiet hours hold back all but an urgent task for that person (the next
 * repeat after their quiet hours end reaches them), as Settings promises, so a tubing change due
 * at 23:00 does not wake a sleeping caregiver at midnight.
 *
 * The defaults follow Medisafe's "Medfriend" (a second person is told 30 minutes after the
 * patient's last reminder, an hour after the dose: help-center.medisafe.com, "All about
 * Medfriends") and the repeat-until-acknowledged alarms of Nightscout; unlike Medisafe, every step
 * is the family's to change (its users asked for that).
 */

import { timeIn } from "./clock";
import { DEFAULT_ESCALATION, type EscalationPolicy } from "./tasks";

export { DEFAULT_ESCALATION, type EscalationPolicy };

/** The steps of the ladder: 0 the first person, 1 the next one too, 2 everyone. */
export const STEP_LABELS = ["First caregiver", "Next caregiver", "Everyone"] as const;

export interface QuietHours {
  /** "22:00" to "07:00" on the family's clock; start after end spans midnight. */
  start: string;
  end: string;
}

export interface Occurrence {
  dueAt: Date;
  urgent: boolean;
  /** Someone acknowledged this occurrence: no more reminders for it. */
  acknowledgedAt?: Date | null;
  /** Someone snoozed it: nothing before this time. */
  snoozedUntil?: Date | null;
}

export interface PlannedDelivery {
  userId: string;
  /** When it is sent: with the task, its due time and the person, the delivery's identity. */
  at: Date;
  step: 0 | 1 | 2;
  /** The task's own urgency (never the step's): urgent reminders go through quiet hours. */
  urgent: boolean;
}

const MINUTE_MS = 60_000;

/** Whether `time` (HH:mm) lies in quiet hours (start inclusive, end exclusive; may span midnight). */
export function inQuietHours(quiet: QuietHours | null | undefined, time: string): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  return quiet.start < quiet.end
    ? time >= quiet.start && time < quiet.end
    : time >= quiet.start || time < quiet.end;
}

/** The step in force `minutes` after the due time (an urgent task: everyone from the start). */
export function stepAt(policy: EscalationPolicy, minutes: number, urgent: boolean): 0 | 1 | 2 {
  if (urgent || minutes >= policy.everyoneAfterMinutes) return 2;
  return minutes >= policy.nextAfterMinutes ? 1 : 0;
}

/**
 * The people a step reaches, from the caregivers in the family's order starting with the one
 * assigned or on duty: the first, the first two, or everyone.
 */
export function recipientsOf(step: 0 | 1 | 2, order: readonly string[]): string[] {
  if (step === 2) return [...order];
  return order.slice(0, step + 1);
}

/** Reminders start at the due time, or where a snooze ends, and repeat from there. */
const startOf = (o: Occurrence) =>
  o.snoozedUntil && o.snoozedUntil > o.dueAt ? o.snoozedUntil.getTime() : o.dueAt.getTime();

/**
 * Every delivery an occurrence calls for from its due time (or the end of a snooze) until `now`,
 * one round every `repeatMinutes`, the step by the minutes since it came due; each person's quiet
 * hours hold back all but an urgent task, whatever the step; nothing once acknowledged. A caller sends those it has not
 * sent yet (the task, the due time, the person and the time are a delivery's identity), so
 * running it twice sends nothing twice.
 */
export function plannedDeliveries(
  occurrence: Occurrence,
  policy: EscalationPolicy,
  order: readonly string[],
  quietHoursOf: (userId: string) => QuietHours | null | undefined,
  timeZone: string,
  now: Date,
  /** Only the rounds from this time on (a sender that wants the latest: `now` less a repeat). */
  since?: Date,
): PlannedDelivery[] {
  const out: PlannedDelivery[] = [];
  if (order.length === 0) return out;
  const repeat = Math.max(1, policy.repeatMinutes) * MINUTE_MS;
  const start = startOf(occurrence);
  const first = since ? Math.max(0, Math.ceil((since.getTime() - start) / repeat)) : 0;
  for (let round = first; round < first + 10_000; round++) {
    const at = new Date(start + round * repeat);
    if (at > now) break;
    if (occurrence.acknowledgedAt && at >= occurrence.acknowledgedAt) break;
    const minutes = (at.getTime() - occurrence.dueAt.getTime()) / MINUTE_MS;
    const step = stepAt(policy, minutes, occurrence.urgent);
    const urgent = occurrence.urgent;
    const time = timeIn(timeZone, at);
    for (const userId of recipientsOf(step, order)) {
      if (!urgent && inQuietHours(quietHoursOf(userId), time)) continue;
      out.push({ userId, at, step, urgent });
    }
  }
  return out;
}

/** When the ladder next has a round to send after `now` (null once acknowledged). */
export function nextWake(occurrence: Occurrence, policy: EscalationPolicy, now: Date): Date | null {
  if (occurrence.acknowledgedAt) return null;
  const repeat = Math.max(1, policy.repeatMinutes) * MINUTE_MS;
  const start = startOf(occurrence);
  if (now.getTime() < start) return new Date(start);
  return new Date(start + (Math.floor((now.getTime() - start) / repeat) + 1) * repeat);
}

// ---- The steps as they are really sent, and in words ----

/**
 * Minutes after the due time at which a step "after `after` minutes" is really told: the first
 * round at or after it. Rounds come every `repeatMinutes` from the due time and only then: the
 * reminders wake at `nextWake`, the next round (modules/tasks/reminders/engine.ts), and the scheduler runs
 * a due job within its poll of 5 seconds (lib/scheduler.ts `POLL_MS`).
 */
export function toldAfter(after: number, repeatMinutes: number): number {
  const repeat = Math.max(1, repeatMinutes);
  return Math.ceil(Math.max(0, after) / repeat) * repeat;
}

/** "5 min", "1 h", "1 h 30 min", "1 day", "3 days". */
export function minutesWords(minutes: number): string {
  if (minutes >= 1440 && minutes % 1440 === 0) return minutes === 1440 ? "1 day" : `${minutes / 1440} days`;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

export const ORDER_MESSAGE = "Everyone is told at the same time as the next caregiver or later";

/**
 * What is wrong with a ladder's steps, on the field a form shows it under: a step between two
 * rounds (it would be told later than it says: "next caregiver after 2 min" with a reminder every
 * 5 is told at 5), everyone before the next caregiver. An urgent task tells everyone at once: only
 * its repeat is used.
 */
export function ladderIssues(policy: EscalationPolicy, urgent = false): { path: string; message: string }[] {
  if (urgent) return [];
  const repeat = Math.max(1, policy.repeatMinutes);
  const issues: { path: string; message: string }[] = [];
  const between = (path: keyof EscalationPolicy, who: string) => {
    const after = policy[path];
    if (after % repeat === 0) return;
    const lower = Math.floor(after / repeat) * repeat;
    issues.push({
      path,
      message: `Reminders go out every ${minutesWords(repeat)}: ${who} can be told after ${lower} or ${lower + repeat} min, not ${after}`,
    });
  };
  between("nextAfterMinutes", "the next caregiver");
  between("everyoneAfterMinutes", "everyone");
  if (issues.length === 0 && policy.everyoneAfterMinutes < policy.nextAfterMinutes)
    issues.push({ path: "everyoneAfterMinutes", message: ORDER_MESSAGE });
  return issues;
}

/**
 * Who a task's reminders go to, in order: the one it is assigned to, else the one on duty, then
 * the others in the family's order (`ids`: the caregivers who may be told, in that order).
 */
export function tellingOrder(
  ids: readonly string[],
  assigneeId: string | null,
  onDutyId: string | null,
): string[] {
  const first = [assigneeId, onDutyId].find((id) => id && ids.includes(id));
  return first ? [first, ...ids.filter((id) => id !== first)] : [...ids];
}

/** "23:15", or "09:00 a day later" when it is a day or more after the due time. */
function clockAfter(dueTime: string, minutes: number): string {
  const [h, m] = dueTime.split(":").map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  const time = `${String(Math.floor(total / 60) % 24).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
  const days = Math.floor(minutes / 1440);
  return days === 0 ? time : days === 1 ? `${time} a day later` : `${time} ${days} days later`;
}

/**
 * When each person is told, as the form says it: "At 23:00 Maria; 23:15 again; 23:30 Rosa too;
 * 00:00 everyone; then every 15 min until it is done." At the task's time of day (`dueTime`) when
 * it keeps one, else from the due time; the steps as they are really sent (`toldAfter`).
 */
export function ladderWords(
  policy: EscalationPolicy,
  options: {
    urgent?: boolean;
    dueTime?: string | null;
    first?: string | null;
    next?: string | null;
    /** How many caregivers may be told: one alone hears every reminder, and nobody else. */
    caregivers?: number;
  },
): string {
  const repeat = Math.max(1, policy.repeatMinutes);
  const at = (minutes: number, what: string, lead: boolean) => {
    if (options.dueTime) return `${lead ? "At " : ""}${clockAfter(options.dueTime, minutes)} ${what}`;
    return `${minutes === 0 ? "At the due time" : `after ${minutesWords(minutes)}`}, ${what}`;
  };
  const every = repeat === 1440 ? "every day" : `every ${minutesWords(repeat)}`;
  if (options.urgent)
    return `${at(0, "everyone at once, even in their quiet hours", true)}; then ${every} until it is done.`;
  const first = options.first ?? "the first caregiver";
  if (options.caregivers === 1)
    return `${at(0, first, true)}; then ${every} until it is done. Quiet hours hold them back.`;
  const next = options.next ?? "the next caregiver";
  const nextAt = toldAfter(policy.nextAfterMinutes, repeat);
  const allAt = Math.max(nextAt, toldAfter(policy.everyoneAfterMinutes, repeat));
  const steps: [number, string][] = [
    [0, allAt === 0 ? "everyone" : nextAt === 0 ? `${first} and ${next}` : first],
  ];
  if (repeat < nextAt && repeat < allAt) steps.push([repeat, "again"]);
  if (nextAt > 0 && nextAt < allAt) steps.push([nextAt, `${next} too`]);
  if (allAt > 0) steps.push([allAt, "everyone"]);
  const said = steps.map(([minutes, what], index) => at(minutes, what, index === 0)).join("; ");
  return `${said}; then ${every} until it is done. Quiet hours hold them back.`;
}
