import { and, asc, desc, eq, gte, lte, sql, sum } from "drizzle-orm";
import { todayIn } from "../../../domain/clock";
import { addDays, daysBetween } from "../../../domain/dates";
import {
  bagKcal,
  deliveredPerKg,
  dextroseGrams,
  type PerKg,
  plateauRate,
  prescribedPerKg,
  stepMinutes,
  taperSteps,
  WEIGHT_STALE_DAYS,
} from "../../../domain/pn";
import { pnPrescriptionIssues } from "../../../domain/pn-records";
import { energyFactorsText } from "../../../domain/pn-text";
import type { Db, Tx } from "../../db/client";
import { pnPrescriptions, tpnEntries, vitals } from "../../db/schema/index";
import { type FamilyView, inView } from "../../lib/child-scope";
import { conflict, invalidRecord } from "../../lib/errors";
import { ownedRecords, type RowOf } from "../../lib/owned-records";
import { recordType } from "../record-types";

type PrescriptionRow = RowOf<typeof pnPrescriptions>;

/**
 * A version with its figures: the taper's steps as it runs (a version saved with minutes only: one
 * step at half rate each way), the plateau rate, the bag's kcal, grams of dextrose and the energy
 * factors used (pn.ts).
 */
function withFigures<R extends PrescriptionRow>(row: R) {
  const { up, down } = taperSteps(row);
  return {
    ...row,
    taperUpSteps: [...up],
    taperDownSteps: [...down],
    plateauRateMlPerHour: plateauRate(row),
    bagKcal: bagKcal(row),
    dextroseG: dextroseGrams(row),
    energyFactors: energyFactorsText(row),
  };
}

/**
 * Keeps a change's taper minutes and steps saying the same: steps sent set the minutes to their
 * total; minutes sent alone (a client from before steps) are one step at half rate, as before.
 */
function matchTaper(values: Partial<PrescriptionRow>) {
  for (const [steps, minutes] of [
    ["taperUpSteps", "taperUpMinutes"],
    ["taperDownSteps", "taperDownMinutes"],
  ] as const) {
    const sent = values[steps];
    if (sent) values[minutes] = sent.length ? stepMinutes(sent) : null;
    else if (values[minutes] !== undefined) values[steps] = null;
  }
  return values;
}

/**
 * Keeps a child's versions end to end: each ends the day before the next one starts, the last
 * has no end. Two versions starting on the same day would overlap: a 409. Answers the end dates.
 * A version given another end is a record changed (its `version` counts one more), but for the
 * one the change is of (`changed`), whose count the change itself moved.
 */
async function renumberVersions(
  tx: Tx,
  familyId: string,
  childId: string,
  changed: string | null,
): Promise<Map<string, string | null>> {
  const versions = await tx
    .select({
      id: pnPrescriptions.id,
      startDate: pnPrescriptions.startDate,
      endDate: pnPrescriptions.endDate,
    })
    .from(pnPrescriptions)
    .where(and(eq(pnPrescriptions.familyId, familyId), eq(pnPrescriptions.childId, childId)))
    .orderBy(asc(pnPrescriptions.startDate));
  const ends = new Map<string, string | null>();
  for (const [index, version] of versions.entries()) {
    const next = versions[index + 1];
    if (next && next.startDate === version.startDate) {
      throw conflict(
        `Another version of this prescription starts on ${version.startDate}: change that one instead`,
      );
    }
    const endDate = next ? addDays(next.startDate, -1) : null;
    ends.set(version.id, endDate);
    if (endDate !== version.endDate) {
      await tx
        .update(pnPrescriptions)
        .set({
          endDate,
          ...(version.id === changed ? {} : { version: sql`${pnPrescriptions.version} + 1` }),
        })
        .where(eq(pnPrescriptions.id, version.id));
    }
  }
  return ends;
}

/**
 * A child's PN prescription, in versions: a new version starts on its date and ends the one before
 * (its `endDate`, kept here, never sent); deleting one gives its days back to the one before. The
 * child's versions are changed one request at a time (an advisory lock on the child), so two
 * caregivers adding a version at once cannot both start one on the same day.
 */
export const pnPrescriptionRecords = ownedRecords({
  ...recordType("pnPrescriptions"),
  orderBy: [desc(pnPrescriptions.startDate), desc(pnPrescriptions.createdAt)],
  summary: (row) => `PN prescription from ${row.startDate}`,
  rule: pnPrescriptionIssues,
  extend: async (_tx, _familyId, rows) => rows.map(withFigures),
  hooks: {
    async prepare(ctx, values, before) {
      if (before && values.childId !== undefined && values.childId !== before.childId) {
        throw invalidRecord([
          {
            path: "childId",
            message: "A prescription stays with its child: add a version for the other child",
          },
        ]);
      }
      const childId = String(values.childId ?? before?.childId);
      await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pn:${childId}`}))`);
      return matchTaper(values);
    },
    async inTransaction(ctx, { before, after }) {
      const childId = (after ?? before)!.childId;
      const ends = await renumberVersions(ctx.tx, ctx.familyId, childId, after?.id ?? null);
      // The answer carries the end date this change gave its own version.
      if (after) after.endDate = ends.get(after.id) ?? null;
    },
  },
});

/** A child's weights (kg) by date, oldest first. */
async function weightsOf(db: Db | Tx, view: FamilyView, childId: string) {
  return db
    .select({ date: vitals.date, kg: vitals.value })
    .from(vitals)
    .where(and(inView(view, vitals), eq(vitals.childId, childId), eq(vitals.kind, "weight")))
    .orderBy(asc(vitals.date), asc(vitals.createdAt));
}

type Weight = { date: string; kg: number };

/** The latest weight on or before `day`, with its age in days and whether it is older than 30 days. */
function weightOn(weights: readonly Weight[], day: string) {
  const found = weights.findLast((w) => w.date <= day);
  if (!found || !(found.kg > 0)) return null;
  const ageDays = daysBetween(found.date, day);
  return { kg: found.kg, date: found.date, ageDays, stale: ageDays > WEIGHT_STALE_DAYS };
}

const NO_FIGURES: PerKg = {
  gir: null,
  girDayAverage: null,
  kcalPerKgDay: null,
  proteinGPerKgDay: null,
  lipidGPerKgDay: null,
};

/** The version in force on `day` of a child's versions (newest first or any order). */
const versionOn = (versions: readonly PrescriptionRow[], day: string) =>
  versions.find((v) => v.startDate <= day && (!v.endDate || v.endDate >= day)) ?? null;

/**
 * The version of a child's prescription in force today on the family's clock, per kilogram of the
 * child's latest weight (with that weight's date, and whether it is older than 30 days).
 */
export async function activePrescription(
  db: Db,
  view: FamilyView,
  childId: string,
  now: Date,
  timeZone: string,
) {
  const today = todayIn(timeZone, now);
  const versions = await pnPrescriptionRecords.list(db, view, { childId });
  const prescription = versionOn(versions, today);
  const weight = weightOn(await weightsOf(db, view, childId), today);
  const figures = prescription && weight ? prescribedPerKg(prescription, weight.kg) : NO_FIGURES;
  return { prescription: prescription ? withFigures(prescription) : null, weight, ...figures };
}

/**
 * Day by day over the `days` ending today: what the prescription in force gave per kilogram, and
 * what the night's TPN entries delivered (summed per day), each on the weight of that day.
 */
export async function perKgByDay(
  db: Db,
  view: FamilyView,
  childId: string,
  days: number,
  now: Date,
  timeZone: string,
) {
  const today = todayIn(timeZone, now);
  const from = addDays(today, -(days - 1));
  const versions = await pnPrescriptionRecords.list(db, view, { childId });
  const weights = await weightsOf(db, view, childId);
  const delivered = await db
    .select({
      date: tpnEntries.date,
      calories: sum(tpnEntries.calories),
      protein: sum(tpnEntries.protein),
      carbohydrates: sum(tpnEntries.carbohydrates),
      fat: sum(tpnEntries.fat),
      duration: sum(tpnEntries.duration),
    })
    .from(tpnEntries)
    .where(
      and(
        inView(view, tpnEntries),
        eq(tpnEntries.childId, childId),
        gte(tpnEntries.date, from),
        lte(tpnEntries.date, today),
      ),
    )
    .groupBy(tpnEntries.date);
  const deliveredOn = new Map(delivered.map((row) => [row.date, row]));
  const number = (value: string | null) => (value === null ? null : Number(value));
  const out = [];
  for (let day = from; day <= today; day = addDays(day, 1)) {
    const weight = weightOn(weights, day) ?? weightOn(weights, today);
    const version = versionOn(versions, day);
    const entry = deliveredOn.get(day);
    if (!version && !entry) continue;
    out.push({
      date: day,
      prescribed: version && weight ? prescribedPerKg(version, weight.kg) : null,
      delivered:
        entry && weight
          ? deliveredPerKg(
              {
                calories: number(entry.calories),
                protein: number(entry.protein),
                carbohydrates: number(entry.carbohydrates),
                fat: number(entry.fat),
                duration: number(entry.duration),
              },
              weight.kg,
            )
          : null,
    });
  }
  return { weight: weightOn(weights, today), days: out };
}

/** Whether a prescription version is a child's own (a TPN entry's link must be). */
export async function prescriptionChild(tx: Tx, familyId: string, id: string): Promise<string | null> {
  const [found] = await tx
    .select({ childId: pnPrescriptions.childId })
    .from(pnPrescriptions)
    .where(and(eq(pnPrescriptions.id, id), eq(pnPrescriptions.familyId, familyId)));
  return found?.childId ?? null;
}
