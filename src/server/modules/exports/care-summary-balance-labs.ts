import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import {
  drawContextText,
  monthsBefore,
  SUMMARY_LAB_LINES,
  SUMMARY_LAB_MONTHS,
  type SummaryAbnormalLabs,
  type SummaryFluidBalance,
} from "../../../domain/care-summary-parts";
import { addDays } from "../../../domain/dates";
import { analyteLabel, flag as rangeFlag, rangeText, trendKey } from "../../../domain/lab-results";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema/index";
import { type FamilyView, inView } from "../../lib/child-scope";
import { dayBalanceOf } from "../intake-output/intake-output.queries";

// The care summary's fluid balance of today and its latest abnormal lab results.

/**
 * A child's fluid balance of today so far on the family's clock, by the day balance every screen
 * uses (`dayBalanceOf`), with the limits of the child's team yesterday's whole day crossed (today's
 * figures are partial: an ostomy limit per day is judged on a whole day).
 */
export async function fluidBalanceOf(
  db: Db,
  view: FamilyView,
  childId: string,
  at: { now: Date; timeZone: string; today: string },
): Promise<SummaryFluidBalance | null> {
  const request = { childId, today: at.today, timeZone: at.timeZone, now: at.now };
  const yesterday = addDays(at.today, -1);
  const [day, before] = await Promise.all([
    dayBalanceOf(db, view, { ...request, date: at.today }),
    dayBalanceOf(db, view, { ...request, date: yesterday }),
  ]);
  if (!day || !before) return null;
  const logged = day.intake.total > 0 || day.output.total > 0 || day.notMeasured > 0 || day.energy.total > 0;
  return {
    date: day.date,
    hours: day.hours,
    logged,
    weight: day.weight ? { kg: Number(day.weight.kg), date: day.weight.date } : null,
    intakeMl: day.intake.total,
    outputMl: day.output.total,
    netMl: day.netMl,
    intakeMlPerKg: day.perKg.intakeMlPerDay,
    outputMlPerKg: day.perKg.outputMlPerDay,
    urineMlPerKgHour: day.urineMeasured ? day.perKg.urineMlPerHour : null,
    energy: { pn: day.energy.pn, feeds: day.energy.enteral + day.energy.oral, total: day.energy.total },
    enteralSharePercent: day.enteralSharePercent,
    notMeasured: day.notMeasured,
    feedsWithoutEnergy: day.feedsWithoutEnergy,
    yesterday: { date: yesterday, crossed: before.crossed.map((c) => c.text) },
  };
}

/**
 * A child's latest abnormal lab results: for each analyte (by the key its trend is drawn by), its
 * latest value of the last `SUMMARY_LAB_MONTHS` months, listed when it is flagged low, high or
 * critical (by the lab, or by the lab's range when the lab gave no flag); newest first, at most
 * `SUMMARY_LAB_LINES`. A value back in range after an abnormal one is not listed: it is the latest
 * that counts.
 */
export async function abnormalLabsOf(
  db: Db,
  view: FamilyView,
  childId: string,
  today: string,
): Promise<SummaryAbnormalLabs> {
  const r = schema.labResults;
  const rows = await db
    .select({
      date: r.date,
      time: r.time,
      drawSite: r.drawSite,
      pnTiming: r.pnTiming,
      fasting: r.fasting,
      analytes: r.analytes,
    })
    .from(r)
    .where(
      and(
        inView(view, r),
        eq(r.childId, childId),
        gte(r.date, monthsBefore(today, SUMMARY_LAB_MONTHS)),
        lte(r.date, today),
      ),
    )
    .orderBy(desc(r.date), sql`${r.time} desc nulls last`, desc(r.createdAt));
  const seen = new Set<string>();
  const found: SummaryAbnormalLabs["results"] = [];
  for (const row of rows) {
    for (const a of row.analytes) {
      const key = trendKey(a);
      if (seen.has(key)) continue;
      seen.add(key);
      const flagged = a.flag ?? rangeFlag(a.value, a.referenceLow, a.referenceHigh);
      if (flagged === null || flagged === "normal" || found.length >= SUMMARY_LAB_LINES) continue;
      found.push({
        date: row.date,
        time: row.time,
        analyte: analyteLabel(a),
        value: a.value,
        unit: a.unit,
        range: rangeText(a),
        flag: flagged,
        context: drawContextText(row),
      });
    }
  }
  return { months: SUMMARY_LAB_MONTHS, results: found };
}
