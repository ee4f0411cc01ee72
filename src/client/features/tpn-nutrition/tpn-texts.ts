import { formatCardDate, formatTime } from "@/client/lib/format";
import type { TpnEntry } from "@/domain/tpn";

/** The words of TPN Nutrition's prescription versions and of a night's bag details. */

/**
 * When a version is in force: "Since Nov 20, 2026" (the current one), "Oct 1, 2026 to Nov 19,
 * 2026" (an earlier one), "From Dec 5, 2026" (one that starts later).
 */
export function versionDates(version: { startDate: string; endDate: string | null }, today: string): string {
  const start = formatCardDate(version.startDate);
  if (version.endDate) return `${start} to ${formatCardDate(version.endDate)}`;
  return version.startDate > today ? `From ${start}` : `Since ${start}`;
}

/**
 * A version in a sentence: "the version since Nov 20, 2026", "the version from Oct 1, 2026 to
 * Nov 19, 2026", "the version from Dec 5, 2026".
 */
export function versionName(version: { startDate: string; endDate: string | null }, today: string): string {
  const start = formatCardDate(version.startDate);
  if (version.endDate) return `the version from ${start} to ${formatCardDate(version.endDate)}`;
  return `the version ${version.startDate > today ? "from" : "since"} ${start}`;
}

/** Whether a version is over (ended before `today`), in force, or still to come. */
export function versionWhen(
  version: { startDate: string; endDate: string | null },
  today: string,
): "earlier" | "current" | "upcoming" {
  if (version.startDate > today) return "upcoming";
  return version.endDate !== null && version.endDate < today ? "earlier" : "current";
}

/** "Followed the prescription of Nov 20, 2026" (the version's start date; a deleted one has none). */
export function followedText(startDate: string | null | undefined): string {
  return startDate
    ? `Followed the prescription of ${formatCardDate(startDate)}`
    : "Followed the prescription";
}

/** "Started 20:00, stopped 08:00", "Started 20:00"; null when neither was written down. */
export function runTimesText(entry: Pick<TpnEntry, "startTime" | "stopTime">): string | null {
  const parts = [
    entry.startTime ? `started ${formatTime(entry.startTime)}` : null,
    entry.stopTime ? `stopped ${formatTime(entry.stopTime)}` : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  const text = parts.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Lot 4471A, expires Dec 12, 2026", "Expires Dec 12, 2026"; null without either. */
export function bagLabelText(entry: Pick<TpnEntry, "lot" | "expiryDate">): string | null {
  const parts = [
    entry.lot ? `lot ${entry.lot}` : null,
    entry.expiryDate ? `expires ${formatCardDate(entry.expiryDate)}` : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  const text = parts.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
