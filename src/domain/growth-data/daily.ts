import type { LmsRow, LmsTable } from "./types";

/** Days in a month: 365.25 / 12, the WHO's and the CDC's convention (as growth.ts's DAYS_PER_MONTH). */
const DAYS_PER_MONTH = 30.4375;

type DailyRow = readonly [l: number, m: number, s: number];

/** An LMS table from rows one day apart from birth (row i is day i), each given its age in months. */
export function dailyTable(input: {
  source: string;
  retrieved: string;
  male: readonly DailyRow[];
  female: readonly DailyRow[];
}): LmsTable {
  const rows = (daily: readonly DailyRow[]): LmsRow[] =>
    daily.map(([l, m, s], day) => [day / DAYS_PER_MONTH, l, m, s]);
  return {
    source: input.source,
    retrieved: input.retrieved,
    sex: { male: rows(input.male), female: rows(input.female) },
  };
}
