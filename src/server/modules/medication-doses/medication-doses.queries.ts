import { and, desc, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import { familyClock, formatStamp, instantOf, timeIn, todayIn } from "../../../domain/clock";
import {
  DOSE_STATUS_LABELS,
  DOSE_STATUSES,
  type DoseEvent,
  type DoseStatus,
  isTooSoonAfter,
  missedDoses,
  nextDueAt,
  type Schedule,
  tooSoonReachHours,
} from "../../../domain/doses";
import { isMedicationActive } from "../../../domain/medication-status";
import type { Tx } from "../../db/client";
import { medicationDoses, medications } from "../../db/schema/index";
import { withAuthorNames } from "../../lib/authors";
import { conflict, notFound } from "../../lib/errors";
import { ownedRecords, type RowOf } from "../../lib/owned-records";
import { recordType } from "../record-types";

type MedicationRow = RowOf<typeof medications>;

const HOUR_MS = 3_600_000;
/** How far back a card looks for missed doses. */
const MISSED_LOOKBACK_DAYS = 7;
/** The given doses nearest a new one that are checked against it (more would be a day of hourly doses). */
const NEAR_DOSES_LOOKED_AT = 50;

/**
 * The given dose of a medication nearest to `at` that `at` would be too soon after, or that would be
 * too soon after `at` (a dose logged late, before one already recorded): see `isTooSoonAfter` in
 * doses.ts, with ISMP's windows. Other than `exceptId`; with its author's name.
 */
async function doseTooClose(
  tx: Tx,
  familyId: string,
  medicationId: string,
  schedule: Schedule,
  at: Date,
  timeZone: string,
  exceptId?: string,
) {
  const reachHours = tooSoonReachHours(schedule);
  if (reachHours === null) return null;
  const reach = reachHours * HOUR_MS;
  const near = await tx
    .select()
    .from(medicationDoses)
    .where(
      and(
        eq(medicationDoses.familyId, familyId),
        eq(medicationDoses.medicationId, medicationId),
        eq(medicationDoses.status, "given"),
        gt(medicationDoses.givenAt, new Date(at.getTime() - reach)),
        lt(medicationDoses.givenAt, new Date(at.getTime() + reach)),
        ...(exceptId ? [ne(medicationDoses.id, exceptId)] : []),
      ),
    )
    .orderBy(sql`abs(extract(epoch from ${medicationDoses.givenAt} - ${at.toISOString()}::timestamptz))`)
    .limit(NEAR_DOSES_LOOKED_AT);
  const close = near.find((dose) =>
    dose.givenAt <= at
      ? isTooSoonAfter(schedule, dose.givenAt, at, timeZone)
      : isTooSoonAfter(schedule, at, dose.givenAt, timeZone),
  );
  if (!close) return null;
  const [named] = await withAuthorNames(tx, [close]);
  return named!;
}

/**
 * Doses of the family's medications. A dose is its medication's child's (kept in step when the
 * medication moves), stamped with the date and time on the family's clock. A dose given too soon
 * after another given dose of the same medication (before ISMP's window of its due time, or inside
 * an as-needed least gap: doses.ts) is a 409 naming that dose and who gave it, unless the body confirms: two caregivers must not give the same dose twice. The
 * medication's row is locked while the dose is checked and written, so two caregivers giving it at
 * the same moment are asked in turn, never both let through.
 */
export const doseRecords = ownedRecords({
  ...recordType("medicationDoses"),
  paged: {},
  listFilters: {
    medicationId: { column: medicationDoses.medicationId },
    status: { column: medicationDoses.status, values: DOSE_STATUSES },
  },
  references: [{ field: "medicationId", table: medications, label: "Medication" }],
  summary: (row) =>
    `Dose ${DOSE_STATUS_LABELS[row.status].toLowerCase()}${row.amount ? `: ${row.amount}` : ""}`,
  hooks: {
    async prepare(ctx, values, before) {
      const { confirm, ...rest } = values as Record<string, unknown> & { confirm?: boolean };
      const medicationId = String(rest.medicationId ?? before?.medicationId);
      const [medication] = await ctx.tx
        .select()
        .from(medications)
        .where(and(eq(medications.id, medicationId), eq(medications.familyId, ctx.familyId)))
        .for("update");
      if (!medication) throw notFound("Medication");
      const { timeZone, timeFormat } = familyClock();
      const givenAt = (rest.givenAt as Date | undefined) ?? before?.givenAt;
      if (!givenAt) throw notFound();
      const status = (rest.status as DoseStatus | undefined) ?? before?.status ?? "given";
      const moved = !before || givenAt.getTime() !== before.givenAt.getTime() || before.status !== status;
      if (status === "given" && moved && confirm !== true) {
        const near = await doseTooClose(
          ctx.tx,
          ctx.familyId,
          medicationId,
          medication,
          givenAt,
          timeZone,
          before?.id,
        );
        if (near) {
          const by = near.createdByName ? ` by ${near.createdByName}` : "";
          throw conflict(
            `${medication.name} was given${by} at ${formatStamp(near.givenAt, timeZone, timeFormat)}. Give it again?`,
            { lastDose: { givenAt: near.givenAt.toISOString(), givenBy: near.createdByName } },
          );
        }
      }
      return {
        ...rest,
        childId: medication.childId,
        date: todayIn(timeZone, givenAt),
        time: timeIn(timeZone, givenAt),
      };
    },
  },
});

/**
 * Each medication with its last dose (who recorded it), when the next scheduled dose is due, and
 * the scheduled doses of the last week that passed with nothing recorded (none for a medication
 * that is stopped, and none before it was added or started).
 */
export async function withDoseSummaries(tx: Tx, familyId: string, rows: readonly MedicationRow[]) {
  const { timeZone, now: clockNow } = familyClock();
  const now = clockNow();
  const today = todayIn(timeZone, now);
  const ids = rows.map((row) => row.id);
  const latest = ids.length
    ? await tx
        .selectDistinctOn([medicationDoses.medicationId])
        .from(medicationDoses)
        .where(and(eq(medicationDoses.familyId, familyId), inArray(medicationDoses.medicationId, ids)))
        .orderBy(medicationDoses.medicationId, desc(medicationDoses.givenAt), desc(medicationDoses.createdAt))
    : [];
  const lastOf = new Map(
    (await withAuthorNames(tx, latest)).map((dose) => [dose.medicationId, dose] as const),
  );
  const lookback = new Date(now.getTime() - MISSED_LOOKBACK_DAYS * 24 * HOUR_MS);
  const scheduled = rows.filter((row) => row.scheduleKind && isMedicationActive(row, today));
  const recent = scheduled.length
    ? await tx
        .select({
          medicationId: medicationDoses.medicationId,
          givenAt: medicationDoses.givenAt,
          status: medicationDoses.status,
        })
        .from(medicationDoses)
        .where(
          and(
            eq(medicationDoses.familyId, familyId),
            inArray(
              medicationDoses.medicationId,
              scheduled.map((row) => row.id),
            ),
            gt(medicationDoses.givenAt, new Date(lookback.getTime() - 2 * 24 * HOUR_MS)),
          ),
        )
    : [];
  return rows.map((row) => {
    const last = lastOf.get(row.id);
    const lastDose = last
      ? {
          id: last.id,
          givenAt: last.givenAt,
          status: last.status,
          amount: last.amount,
          givenBy: last.createdByName,
          /** Who recorded it, for answers that name people otherwise (the clinic's summary). */
          givenById: last.createdBy,
        }
      : null;
    if (!row.scheduleKind || !isMedicationActive(row, today)) {
      return { ...row, lastDose, nextDueAt: null, missedDoses: [] };
    }
    const since = dosesSince(row, now, timeZone);
    const doses: DoseEvent[] = recent.filter((d) => d.medicationId === row.id);
    const lastEvent = last ? { givenAt: last.givenAt, status: last.status } : null;
    return {
      ...row,
      lastDose,
      nextDueAt: nextDueAt(row, lastEvent, since, now, timeZone),
      missedDoses: missedDoses(row, doses, since, now, timeZone),
    };
  });
}

/**
 * From when a medication's schedule is read: its start (or when it was added, if later), and no
 * further back than the week a card looks at. The care tasks read the next dose from the same.
 */
export function dosesSince(
  row: Pick<MedicationRow, "startDate" | "createdAt">,
  now: Date,
  timeZone: string,
): Date {
  const lookback = now.getTime() - MISSED_LOOKBACK_DAYS * 24 * HOUR_MS;
  const startsAt = row.startDate ? instantOf(row.startDate, "00:00", timeZone) : row.createdAt;
  return new Date(Math.max(startsAt.getTime(), row.createdAt.getTime(), lookback));
}

/** A medication moved to another child (or to none) takes its doses with it. */
export async function moveDoses(tx: Tx, familyId: string, medicationId: string, childId: string | null) {
  await tx
    .update(medicationDoses)
    .set({ childId, version: sql`${medicationDoses.version} + 1` })
    .where(and(eq(medicationDoses.familyId, familyId), eq(medicationDoses.medicationId, medicationId)));
}
