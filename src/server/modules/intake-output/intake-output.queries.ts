import { and, asc, desc, eq, gte, isNull, lte, or } from "drizzle-orm";
import {
  dayBalance,
  type FluidIntake,
  type FluidOutput,
  hoursOfDay,
  INTAKE_SOURCE_LABELS,
  intakeEnergy,
  intakeIssues,
  intakeVolume,
  limitsCrossed,
  OUTPUT_KIND_LABELS,
  outputIssues,
  outputVolume,
} from "../../../domain/intake-output";
import { bagKcal } from "../../../domain/pn";
import { prescriptionShort, type WeaningBy, weaningRows } from "../../../domain/weaning";
import type { Db, Tx } from "../../db/client";
import {
  children,
  fluidIntake,
  fluidLimits,
  fluidOutput,
  pnPrescriptions,
  tpnEntries,
  vitals,
} from "../../db/schema/index";
import { withAuthorNames } from "../../lib/authors";
import { type FamilyView, inView } from "../../lib/child-scope";
import { ownedRecords, type RowOf } from "../../lib/owned-records";
import { recordType } from "../record-types";

type IntakeRow = RowOf<typeof fluidIntake>;
type OutputRow = RowOf<typeof fluidOutput>;

/** Each intake with what it gave: its volume in mL and its energy (`totalMl`, `kcal`). */
export const withIntakeTotals = async (_tx: unknown, _familyId: string, rows: readonly IntakeRow[]) =>
  rows.map((row) => ({ ...row, totalMl: intakeVolume(row), kcal: intakeEnergy(row) }));

/** Each output with its volume in mL (`volumeMl`: weighed ones at 1 g to 1 mL). */
export const withOutputVolumes = async (_tx: unknown, _familyId: string, rows: readonly OutputRow[]) =>
  rows.map((row) => ({ ...row, volumeMl: outputVolume(row) }));

/** A child's intake besides the PN bag, newest first, in pages. */
export const fluidIntakeRecords = ownedRecords({
  ...recordType("fluidIntake"),
  paged: {},
  summary: (row) => {
    const total = intakeVolume(row);
    return `${INTAKE_SOURCE_LABELS[row.source]}${total === null ? "" : ` ${total} mL`} on ${row.date}`;
  },
  rule: intakeIssues,
  extend: withIntakeTotals as never,
});

/** A child's output, newest first, in pages. */
export const fluidOutputRecords = ownedRecords({
  ...recordType("fluidOutput"),
  paged: {},
  summary: (row) => {
    const volume = outputVolume(row);
    return `${OUTPUT_KIND_LABELS[row.kind]}${volume === null ? "" : ` ${volume} mL`} on ${row.date}`;
  },
  rule: outputIssues,
  extend: withOutputVolumes as never,
});

/** A child's output limits as the team set them over time, newest first: the newest is in force. */
export const fluidLimitsRecords = ownedRecords({
  ...recordType("fluidLimits"),
  summary: () => "output limits",
});

export type { FluidIntake, FluidOutput };

/**
 * A child's day (`date`, on the family's clock): its intake and output entries, its PN bags (TPN
 * entries) and its latest weight on or before it, added up by `dayBalance`. Undefined for a child
 * the view does not see.
 */
export async function dayBalanceOf(
  db: Db | Tx,
  view: FamilyView,
  request: { childId: string; date: string; today: string; timeZone: string; now: Date },
) {
  const { childId, date } = request;
  const [child] = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.id, childId), inView(view, children)));
  if (!child) return undefined;
  const ofDay = <T extends typeof fluidIntake | typeof fluidOutput | typeof tpnEntries>(table: T) =>
    and(eq(table.familyId, view.familyId), eq(table.childId, childId), eq(table.date, date));
  const [intake, output, pn, weights, limits] = await Promise.all([
    db.select().from(fluidIntake).where(ofDay(fluidIntake)),
    db.select().from(fluidOutput).where(ofDay(fluidOutput)),
    db
      .select({ volume: tpnEntries.volume, calories: tpnEntries.calories })
      .from(tpnEntries)
      .where(ofDay(tpnEntries)),
    db
      .select({ kg: vitals.value, date: vitals.date })
      .from(vitals)
      .where(
        and(
          eq(vitals.familyId, view.familyId),
          eq(vitals.childId, childId),
          eq(vitals.kind, "weight"),
          lte(vitals.date, date),
        ),
      )
      .orderBy(desc(vitals.date), desc(vitals.time), desc(vitals.createdAt))
      .limit(1),
    db
      .select()
      .from(fluidLimits)
      .where(and(eq(fluidLimits.familyId, view.familyId), eq(fluidLimits.childId, childId)))
      .orderBy(desc(fluidLimits.createdAt), desc(fluidLimits.id))
      .limit(1),
  ]);
  const weight = weights[0] ?? null;
  const hours = hoursOfDay(date, request.timeZone, request.now);
  const number = (value: string | null) => (value === null ? null : Number(value));
  const balance = dayBalance({
    intake,
    output,
    pn: pn.map((bag) => ({ volume: number(bag.volume), calories: number(bag.calories) })),
    weightKg: weight?.kg ?? null,
    hours,
  });
  const limit = limits[0] ?? null;
  const urineMeasured = output.some((o) => o.kind === "urine" && outputVolume(o) !== null);
  return {
    childId,
    date,
    today: date === request.today,
    hours,
    weight,
    ...balance,
    limits: limit && (await withAuthorNames(db, [limit]))[0]!,
    /** Whether some urine was measured (a day without a measure is not a day without urine). */
    urineMeasured,
    crossed: limitsCrossed(balance.perKg, limit, urineMeasured),
  };
}

/**
 * A child's road off PN from `from` to `to` (on the family's clock), a row a day or a week
 * (`weaningRows`, each day's energy as the day's balance adds it), with the versions of the PN
 * prescription in force over the range. Undefined for a child the view does not see.
 */
export async function weaningOf(
  db: Db | Tx,
  view: FamilyView,
  request: { childId: string; from: string; to: string; by: WeaningBy },
) {
  const { childId, from, to } = request;
  const [child] = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.id, childId), inView(view, children)));
  if (!child) return undefined;
  const inRange = <T extends typeof fluidIntake | typeof tpnEntries>(table: T) =>
    and(
      eq(table.familyId, view.familyId),
      eq(table.childId, childId),
      gte(table.date, from),
      lte(table.date, to),
    );
  const [intake, pn, weights, versions] = await Promise.all([
    db
      .select({
        date: fluidIntake.date,
        source: fluidIntake.source,
        mode: fluidIntake.mode,
        volumeMl: fluidIntake.volumeMl,
        rateMlPerHour: fluidIntake.rateMlPerHour,
        hours: fluidIntake.hours,
        kcalPerMl: fluidIntake.kcalPerMl,
      })
      .from(fluidIntake)
      .where(inRange(fluidIntake)),
    db
      .select({ date: tpnEntries.date, volume: tpnEntries.volume, calories: tpnEntries.calories })
      .from(tpnEntries)
      .where(inRange(tpnEntries)),
    db
      .select({ date: vitals.date, kg: vitals.value })
      .from(vitals)
      .where(
        and(
          eq(vitals.familyId, view.familyId),
          eq(vitals.childId, childId),
          eq(vitals.kind, "weight"),
          lte(vitals.date, to),
        ),
      )
      .orderBy(asc(vitals.date), asc(vitals.createdAt)),
    db
      .select()
      .from(pnPrescriptions)
      .where(
        and(
          eq(pnPrescriptions.familyId, view.familyId),
          eq(pnPrescriptions.childId, childId),
          lte(pnPrescriptions.startDate, to),
          or(isNull(pnPrescriptions.endDate), gte(pnPrescriptions.endDate, from)),
        ),
      )
      .orderBy(asc(pnPrescriptions.startDate)),
  ]);
  const number = (value: string | null) => (value === null ? null : Number(value));
  const rows = weaningRows(
    {
      from,
      to,
      intake,
      pn: pn.map((bag) => ({ date: bag.date, volume: number(bag.volume), calories: number(bag.calories) })),
      weights,
      prescriptions: versions,
    },
    request.by,
  );
  const prescriptions = versions.map((version) => {
    const kcal = bagKcal(version);
    const figures = {
      bagVolumeMl: version.bagVolumeMl,
      infusionHours: version.infusionHours,
      nightsPerWeek: version.nightsPerWeek,
      bagKcal: kcal,
    };
    return {
      id: version.id,
      startDate: version.startDate,
      endDate: version.endDate,
      ...figures,
      text: prescriptionShort(figures),
    };
  });
  return { childId, from, to, by: request.by, rows, prescriptions };
}
