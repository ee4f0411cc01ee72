import { getISOWeek, getISOWeekYear } from "date-fns";

/** How many of the newest daily, weekly and monthly backups are kept. */
export interface KeepPolicy {
  daily: number;
  weekly: number;
  monthly: number;
}

export interface DatedArchive {
  name: string;
  createdAt: Date;
}

/**
 * Which archives a keep policy keeps, the rules of restic's `forget` (its `--keep-daily`,
 * `--keep-weekly` and `--keep-monthly`, https://restic.readthedocs.io/en/stable/060_forget.html):
 * for the last `daily` days that have a backup, the newest backup of each day; likewise for the
 * last `weekly` ISO weeks (Monday to Sunday) and `monthly` calendar months, each rule on its own,
 * so an archive may be kept by several. The newest archive is always kept. Days, weeks and months
 * are the server's (`timeZone`). A pure function of the names and dates: the same answer however
 * often it is asked, so applying it each night and once over a year's archives keeps the same.
 */
export function archivesToKeep(
  archives: readonly DatedArchive[],
  keep: KeepPolicy,
  timeZone: string,
): Set<string> {
  const newestFirst = [...archives].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.name < b.name ? 1 : -1),
  );
  const kept = new Set<string>();
  if (newestFirst[0]) kept.add(newestFirst[0].name);
  const periods = newestFirst.map((archive) => periodsOf(archive.createdAt, timeZone));
  const rules = [
    [keep.daily, "day"],
    [keep.weekly, "week"],
    [keep.monthly, "month"],
  ] as const;
  for (const [count, kind] of rules) {
    let last: string | undefined;
    let seen = 0;
    for (const [i, archive] of newestFirst.entries()) {
      if (seen >= count) break;
      const period = periods[i]![kind];
      if (period === last) continue;
      last = period;
      seen += 1;
      kept.add(archive.name);
    }
  }
  return kept;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The day (yyyy-MM-dd), ISO week (2026-W53) and month (yyyy-MM) of `at` in `timeZone`. */
function periodsOf(at: Date, timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const [year, month, day] = [part("year"), part("month"), part("day")];
  // That calendar day at noon on this process's clock: its ISO week is the day's, whatever the zone.
  const noon = new Date(Number(year), Number(month) - 1, Number(day), 12);
  return {
    day: `${year}-${month}-${day}`,
    week: `${getISOWeekYear(noon)}-W${getISOWeek(noon)}`,
    month: `${year}-${month}`,
  };
}
