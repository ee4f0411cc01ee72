import { DAYS_PER_MONTH } from "../growth-age";
import type { LmsRow, LmsTable } from "./types";

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
