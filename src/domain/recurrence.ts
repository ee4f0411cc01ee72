import * as loaded from "rrule";
import { instantOf, zonedNow } from "./clock";
import type { Occurrences } from "./tasks";

/**
 * A family task's recurrence rule (RFC 5545 RRULE, e.g. `FREQ=WEEKLY;BYDAY=MO,TH`), read on the
 * family's clock: the rule runs on wall-clock times from the task's start, so "every Monday at
 * 08:00" stays at 08:00 across daylight saving. The `rrule` package does the calendar work.
 */

// Node loads rrule's CommonJS build (everything under `default`); a bundler its ES module build.
const rrule = ((loaded as unknown as { default?: typeof loaded }).default ?? loaded) as typeof loaded;
const { RRule } = rrule;

/** Sub-hourly rules would remind all day long: a family task recurs hourly at most. */
const ALLOWED_FREQUENCIES = new Set([RRule.YEARLY, RRule.MONTHLY, RRule.WEEKLY, RRule.DAILY, RRule.HOURLY]);

/** The rule without an `RRULE:` prefix, upper case, without spaces. */
export const normalizeRule = (text: string) =>
  text
    .trim()
    .replace(/^RRULE:/i, "")
    .replace(/\s+/g, "")
    .toUpperCase();

/** Why a rule cannot be used, in words for the form; null when it can. */
export function ruleProblem(text: string): string | null {
  const rule = normalizeRule(text);
  if (!rule) return "Enter a recurrence rule";
  if (/(^|;)(DTSTART|TZID)=/.test(rule)) return "The rule starts at the task's start: leave out DTSTART";
  let options: ReturnType<typeof RRule.parseString>;
  try {
    options = RRule.parseString(rule);
  } catch {
    return "This is not a recurrence rule (e.g. FREQ=WEEKLY;BYDAY=MO,TH)";
  }
  if (options.freq === undefined) return "The rule needs a FREQ (e.g. FREQ=DAILY)";
  if (!ALLOWED_FREQUENCIES.has(options.freq)) return "A task recurs hourly at most";
  try {
    new RRule({ ...options, dtstart: new Date(Date.UTC(2026, 0, 1)) }).after(
      new Date(Date.UTC(2026, 0, 1)),
      true,
    );
  } catch {
    return "This is not a recurrence rule (e.g. FREQ=WEEKLY;BYDAY=MO,TH)";
  }
  return null;
}

/** An instant's wall-clock time in `timeZone`, as a UTC date (the "floating" time rrule works in). */
function floating(instant: Date, timeZone: string): Date {
  const z = zonedNow(timeZone, instant);
  return new Date(Date.UTC(z.getFullYear(), z.getMonth(), z.getDate(), z.getHours(), z.getMinutes()));
}

/** A floating wall-clock time back to the instant it names in `timeZone`. */
function unfloat(wall: Date, timeZone: string): Date {
  const iso = wall.toISOString();
  return instantOf(iso.slice(0, 10), iso.slice(11, 16), timeZone);
}

/** The occurrences of a rule from `startAt` (its first, and the time of day of each). */
export function ruleOccurrences(text: string, startAt: Date, timeZone: string): Occurrences {
  const rule = new RRule({ ...RRule.parseString(normalizeRule(text)), dtstart: floating(startAt, timeZone) });
  return {
    atOrBefore(at) {
      const found = rule.before(floating(at, timeZone), true);
      return found ? unfloat(found, timeZone) : null;
    },
    after(at) {
      // rrule reads whole minutes here: the next occurrence after the minute `at` falls in.
      const found = rule.after(floating(at, timeZone), false);
      return found ? unfloat(found, timeZone) : null;
    },
  };
}

/** A rule in words, as rrule says it in English: "Every week on Sunday". */
export function ruleInWords(text: string): string {
  const words = RRule.fromString(normalizeRule(text)).toText();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
