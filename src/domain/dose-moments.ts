import { format } from "date-fns";
import { todayIn, zonedNow } from "./clock";
import { addDays } from "./dates";
import { formatTimeOfDay, type TimeFormat } from "./time-format";

/**
 * When a dose was given or is due, as a parent reads it on a card at a glance: the time on the
 * family's clock and the day said from `now`: "08:05 today", "20:00 yesterday", "08:00 tomorrow",
 * else "14:00 on Nov 25" (with the year when it is another year's). Exports and the care summary,
 * read later and elsewhere, keep the full stamp with the zone (`lastDoseText` without `now`).
 */
export function doseMomentText(
  at: Date | string,
  timeZone: string,
  now: Date,
  /** How the family writes times (time-format.ts). */
  timeFormat: TimeFormat = "24h",
): string {
  const instant = typeof at === "string" ? new Date(at) : at;
  const zoned = zonedNow(timeZone, instant);
  const time = formatTimeOfDay(format(zoned, "HH:mm"), timeFormat);
  const day = todayIn(timeZone, instant);
  const today = todayIn(timeZone, now);
  if (day === today) return `${time} today`;
  if (day === addDays(today, -1)) return `${time} yesterday`;
  if (day === addDays(today, 1)) return `${time} tomorrow`;
  return `${time} on ${format(zoned, day.slice(0, 4) === today.slice(0, 4) ? "MMM d" : "MMM d, yyyy")}`;
}
