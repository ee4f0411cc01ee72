import { and, desc, eq, gte, inArray, isNull, lte, or, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { EVENT_KINDS, type EventKind } from "../../../../domain/tasks";
import type { Db, Tx } from "../../../db/client";
import {
  careTaskEvents,
  type labTests,
  pnPrescriptions,
  type tpnEntries,
  type vitals,
} from "../../../db/schema/index";
import { type AuthorNames, withAuthorNames } from "../../../lib/authors";
import { type FamilyView, inView } from "../../../lib/child-scope";

/** The children's PN prescriptions in force `today` (a child may have several versions that day). */
export function pnInForce(db: Db | Tx, familyId: string, childIds: readonly string[], today: string) {
  return db
    .select({ childId: pnPrescriptions.childId, startDate: pnPrescriptions.startDate })
    .from(pnPrescriptions)
    .where(
      and(
        eq(pnPrescriptions.familyId, familyId),
        inArray(pnPrescriptions.childId, [...childIds]),
        lte(pnPrescriptions.startDate, today),
        or(isNull(pnPrescriptions.endDate), gte(pnPrescriptions.endDate, today)),
      ),
    );
}

type ChildRecords = typeof labTests | typeof vitals | typeof tpnEntries;

/**
 * Each child's latest row of `table` among those `where` keeps, with its authors' names: the
 * newest by `newest` (the record's date, then its time), then by when it was written.
 */
export async function latestPerChild<T extends ChildRecords>(
  db: Db | Tx,
  familyId: string,
  table: T,
  childIds: readonly string[],
  where: (SQL | undefined)[],
  newest: SQL[],
): Promise<(T["$inferSelect"] & AuthorNames)[]> {
  const rows = (await db
    .selectDistinctOn([table.childId])
    .from(table as PgTable)
    .where(and(eq(table.familyId, familyId), inArray(table.childId, [...childIds]), ...where))
    .orderBy(table.childId, ...newest, desc(table.createdAt))) as T["$inferSelect"][];
  return withAuthorNames(db, rows);
}

/** What a task event is about: a child, a supply or a family task (the kind's `recordedAs`). */
export type EventSubject = { childId?: string; supplyId?: string; careTaskId?: string };

/** The latest Done of each event kind's subject, with who did it. */
export async function latestEvents(db: Db | Tx, view: FamilyView) {
  const rows = await db
    .selectDistinctOn([
      careTaskEvents.kind,
      careTaskEvents.childId,
      careTaskEvents.supplyId,
      careTaskEvents.careTaskId,
    ])
    .from(careTaskEvents)
    .where(and(inView(view, careTaskEvents), inArray(careTaskEvents.kind, [...EVENT_KINDS])))
    .orderBy(
      careTaskEvents.kind,
      careTaskEvents.childId,
      careTaskEvents.supplyId,
      careTaskEvents.careTaskId,
      desc(careTaskEvents.doneAt),
      desc(careTaskEvents.createdAt),
    );
  const named = await withAuthorNames(db, rows);
  return (kind: EventKind, subject: EventSubject) =>
    named
      .filter(
        (e) =>
          e.kind === kind &&
          (subject.childId === undefined || e.childId === subject.childId) &&
          (subject.supplyId === undefined || e.supplyId === subject.supplyId) &&
          (subject.careTaskId === undefined || e.careTaskId === subject.careTaskId),
      )
      .reduce<(typeof named)[number] | null>(
        (latest, e) => (!latest || e.doneAt > latest.doneAt ? e : latest),
        null,
      );
}

export type EventLookup = Awaited<ReturnType<typeof latestEvents>>;
