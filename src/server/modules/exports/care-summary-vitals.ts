import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { addDays } from "../../../domain/dates";
import { type CareSummary, SUMMARY_FEVER_DAYS, type TemperatureReading } from "../../../domain/exports";
import { feverThresholdText } from "../../../domain/fever-plan";
import { formatTemperature, isFever, type VitalKind } from "../../../domain/vitals";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema/index";
import { type FamilyView, inView } from "../../lib/child-scope";

// The care summary's vital signs: the latest weight and temperature, and the week's fevers.

/** How the family reads a temperature, and the fever that matters with a central line. */
export interface FeverSettings {
  unit: "C" | "F";
  thresholdC: number;
}

/** Newest first by day, then by time (a record without one after those with one), then as written. */
export const newest = (t: { date: PgColumn; time: PgColumn; createdAt: PgColumn }) => [
  desc(t.date),
  sql`${t.time} desc nulls last`,
  desc(t.createdAt),
];

/** A child's latest measurement of one kind, with its day. */
export async function latestVital(db: Db, view: FamilyView, childId: string, kind: VitalKind) {
  const [row] = await db
    .select({ date: schema.vitals.date, value: schema.vitals.value })
    .from(schema.vitals)
    .where(and(inView(view, schema.vitals), eq(schema.vitals.childId, childId), eq(schema.vitals.kind, kind)))
    .orderBy(...newest(schema.vitals))
    .limit(1);
  return row ? { date: row.date, value: Number(row.value) } : null;
}

/** Fevers listed at most: a week of them is a handful, a thermometer left running is not. */
const MAX_FEVERS_LISTED = 20;

/**
 * A child's last temperature and the fevers of the last `SUMMARY_FEVER_DAYS` days (today and the
 * days before it, on the family's clock), newest first: each in the family's unit and judged
 * against the family's threshold as the family reads both (`isFever`), as the Vitals screen does.
 */
export async function temperaturesOf(
  db: Db,
  view: FamilyView,
  childId: string,
  today: string,
  fever: FeverSettings,
): Promise<NonNullable<CareSummary["temperature"]>> {
  const v = schema.vitals;
  const reading = (row: { date: string; time: string | null; value: number }): TemperatureReading => {
    const celsius = Number(row.value);
    return {
      date: row.date,
      time: row.time,
      celsius,
      shown: formatTemperature(celsius, fever.unit),
      fever: isFever(celsius, fever.thresholdC, fever.unit),
    };
  };
  const ofChild = and(inView(view, v), eq(v.childId, childId), eq(v.kind, "temperature"));
  const columns = { date: v.date, time: v.time, value: v.value };
  const [[latest], recent] = await Promise.all([
    db
      .select(columns)
      .from(v)
      .where(ofChild)
      .orderBy(...newest(v))
      .limit(1),
    db
      .select(columns)
      .from(v)
      .where(and(ofChild, gte(v.date, addDays(today, -(SUMMARY_FEVER_DAYS - 1))), lte(v.date, today)))
      .orderBy(...newest(v)),
  ]);
  return {
    unit: fever.unit,
    threshold: feverThresholdText(fever.thresholdC, fever.unit),
    latest: latest ? reading(latest) : null,
    recentFevers: recent
      .map(reading)
      .filter((r) => r.fever)
      .slice(0, MAX_FEVERS_LISTED),
  };
}
