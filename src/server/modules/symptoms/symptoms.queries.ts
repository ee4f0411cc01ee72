import { and, avg, count, gte, isNotNull, lte, max, type SQL } from "drizzle-orm";
import { addDays } from "../../../domain/dates";
import {
  dailyOverview,
  HEATMAP_DAYS,
  OVERVIEW_DAYS,
  type SymptomHeatmap,
  symptomHeatmap,
} from "../../../domain/symptom-heatmap";
import { symptomEntryIssues } from "../../../domain/symptoms";
import type { PainDay } from "../../../domain/trends";
import type { Db } from "../../db/client";
import { symptomEntries } from "../../db/schema/index";
import { childScope, type FamilyView, inView } from "../../lib/child-scope";
import { ownedRecords } from "../../lib/owned-records";
import { RECORD_TYPES, recordType } from "../record-types";

export const symptomRecords = ownedRecords({
  ...recordType("symptomEntries"),
  paged: {},
  summary: (row) => row.symptoms.join(", ") || `Symptoms on ${row.date}`,
  rule: symptomEntryIssues,
});

/** The owner's entries (the child's and the unlinked ones, with a child), on the days from `from` to `to`. */
function inWindow(view: FamilyView, childId: string | undefined, from: string, to: string): SQL {
  const filters = [
    inView(view, symptomEntries),
    gte(symptomEntries.date, from),
    lte(symptomEntries.date, to),
  ];
  if (childId)
    filters.push(childScope(symptomEntries.childId, childId, RECORD_TYPES.symptomEntries.childScope));
  return and(...filters)!;
}

/**
 * The heatmap and the daily overview for the window ending `today`. Only that window's entries are
 * read (the (owner, child, date) index), so years of history cost nothing here.
 */
export async function heatmapOf(
  db: Db,
  view: FamilyView,
  today: string,
  childId?: string,
): Promise<SymptomHeatmap> {
  const entries = await db
    .select({
      date: symptomEntries.date,
      symptoms: symptomEntries.symptoms,
      painLevel: symptomEntries.painLevel,
    })
    .from(symptomEntries)
    .where(inWindow(view, childId, addDays(today, -(Math.max(HEATMAP_DAYS, OVERVIEW_DAYS) - 1)), today))
    // In the order they were recorded: a symptom is shown as first written.
    .orderBy(symptomEntries.date, symptomEntries.createdAt);
  return { ...symptomHeatmap(entries, today), overview: dailyOverview(entries, today) };
}

/** Pain over the `days` ending `today`: each day's average and highest level, where one was given. */
export async function painByDay(
  db: Db,
  view: FamilyView,
  today: string,
  days: number,
  childId?: string,
): Promise<PainDay[]> {
  const rows = await db
    .select({
      date: symptomEntries.date,
      average: avg(symptomEntries.painLevel),
      max: max(symptomEntries.painLevel),
      entries: count(),
    })
    .from(symptomEntries)
    .where(
      and(inWindow(view, childId, addDays(today, -(days - 1)), today), isNotNull(symptomEntries.painLevel)),
    )
    .groupBy(symptomEntries.date)
    .orderBy(symptomEntries.date);
  return rows.map((row) => ({
    date: row.date,
    average: Math.round(Number(row.average) * 10) / 10,
    max: Number(row.max),
    entries: row.entries,
  }));
}
