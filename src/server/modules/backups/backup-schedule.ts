import { instantOf, todayIn } from "../../../domain/clock";
import { addDays } from "../../../domain/dates";

/** A time of day on the server's clock (`BACKUP_SCHEDULE`). */
export interface NightlyTime {
  hour: number;
  minute: number;
}

const hhmm = ({ hour, minute }: NightlyTime) =>
  `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;

/** The night's backup time on `date` (yyyy-MM-dd) in `timeZone`: an instant. */
export function nightOf(date: string, time: NightlyTime, timeZone: string): Date {
  return instantOf(date, hhmm(time), timeZone);
}

/** The first backup time strictly after `after`. */
export function nextNight(after: Date, time: NightlyTime, timeZone: string): Date {
  // From the day before: a zone east of the server's date line may still be on it.
  let date = addDays(todayIn(timeZone, after), -1);
  for (let i = 0; i < 4; i++, date = addDays(date, 1)) {
    const at = nightOf(date, time, timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error("No backup time in the next days");
}

/** Whether `at` is one of the schedule's backup times (a job queued for another schedule is not). */
export function isNight(at: Date, time: NightlyTime, timeZone: string): boolean {
  return nightOf(todayIn(timeZone, at), time, timeZone).getTime() === at.getTime();
}

/**
 * How many backup times fell after `from` and up to `to` (both included at `to`): the nights a
 * backup was due since the last good one.
 */
export function nightsBetween(from: Date, to: Date, time: NightlyTime, timeZone: string): number {
  let nights = 0;
  for (
    let at = nextNight(from, time, timeZone);
    at.getTime() <= to.getTime();
    at = nextNight(at, time, timeZone)
  ) {
    nights += 1;
    if (nights > 1000) break;
  }
  return nights;
}
