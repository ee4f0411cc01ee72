import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { todayIn } from "../../../domain/clock";
import {
  type CareEvent,
  complicationRates,
  LINE_CARE_KINDS,
  LINE_CARE_LABELS,
  lineCareStatus,
  SCHEDULED_KINDS,
} from "../../../domain/line-care";
import { lineCareIssues } from "../../../domain/line-care-records";
import type { Db, Tx } from "../../db/client";
import { lineCareEvents, piccInfections, piccLines } from "../../db/schema/index";
import { type FamilyView, inView } from "../../lib/child-scope";
import { invalidRecord, notFound } from "../../lib/errors";
import { ownedRecords, type RowOf } from "../../lib/owned-records";
import { recordType } from "../record-types";
import { drawKit, moveKitDraw, undoKitDraw, withKitDraws } from "../supplies/supplies.queries";

type LineCareRow = RowOf<typeof lineCareEvents>;

/**
 * A line's care, one event each (src/domain/line-care.ts). The line is one of the family's (a 404
 * otherwise, as any link) and the same child's, and the event happened while it was in.
 */
export const lineCareRecords = ownedRecords({
  ...recordType("lineCare"),
  paged: {},
  listFilters: {
    piccLineId: { column: lineCareEvents.piccLineId },
    kind: { column: lineCareEvents.kind, values: LINE_CARE_KINDS },
  },
  references: [{ field: "piccLineId", table: piccLines, label: "Line" }],
  summary: (row) => LINE_CARE_LABELS[row.kind],
  rule: lineCareIssues,
  // What a dressing change's kit drew from the supplies.
  extend: withKitDraws("lineCareEventId") as (
    tx: Tx,
    familyId: string,
    rows: readonly LineCareRow[],
  ) => Promise<LineCareRow[]>,
  hooks: {
    // Deleting a dressing change gives back what its kit drew.
    beforeDelete: (ctx, id) => undoKitDraw(ctx, { lineCareEventId: id }),
    async inTransaction(ctx, { action, before, after }) {
      if (!after) return;
      const [line] = await ctx.tx
        .select({
          childId: piccLines.childId,
          insertionDate: piccLines.insertionDate,
          removalDate: piccLines.removalDate,
        })
        .from(piccLines)
        .where(and(eq(piccLines.id, after.piccLineId), eq(piccLines.familyId, ctx.familyId)));
      if (!line) throw notFound("Line");
      if (line.childId !== after.childId) {
        throw invalidRecord([{ path: "piccLineId", message: "This line is another child's" }]);
      }
      if (after.date < line.insertionDate || (line.removalDate && after.date > line.removalDate)) {
        throw invalidRecord([{ path: "date", message: "The line was not in place on this date" }]);
      }
      // A dressing change draws the dressing kit from stock with it, once: an edit that keeps it a
      // dressing change draws nothing more; one that makes it another kind gives the kit back, and
      // one that makes another kind a dressing change draws it then.
      const wasDressing = action === "update" && before?.kind === "dressing";
      if (after.kind === "dressing" && !wasDressing)
        await drawKit(ctx, "dressing", { lineCareEventId: after.id }, after.date);
      if (wasDressing && after.kind !== "dressing") await undoKitDraw(ctx, { lineCareEventId: after.id });
      else if (wasDressing && before.date !== after.date)
        await moveKitDraw(ctx, { lineCareEventId: after.id }, after.date);
    },
  },
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A line's care events of the scheduled kinds, newest first (enough for each kind's last). */
async function scheduledEvents(db: Db | Tx, familyId: string, lineId: string): Promise<CareEvent[]> {
  return db
    .select({
      kind: lineCareEvents.kind,
      date: lineCareEvents.date,
      time: lineCareEvents.time,
      dressingType: lineCareEvents.dressingType,
      withLipids: lineCareEvents.withLipids,
      lipidsAlone: lineCareEvents.lipidsAlone,
    })
    .from(lineCareEvents)
    .where(
      and(
        eq(lineCareEvents.familyId, familyId),
        eq(lineCareEvents.piccLineId, lineId),
        inArray(lineCareEvents.kind, [...SCHEDULED_KINDS]),
      ),
    )
    .orderBy(desc(lineCareEvents.date), desc(lineCareEvents.createdAt))
    .limit(400);
}

/**
 * Each scheduled care of a line the view sees: its last time, interval (the line's own or the
 * default), due time and state at `now` on the family's clock; undefined for a line it does not see.
 */
export async function lineCareStatusOf(
  db: Db,
  view: FamilyView,
  lineId: string,
  now: Date,
  timeZone: string,
) {
  if (!UUID.test(lineId)) return undefined;
  const [line] = await db
    .select()
    .from(piccLines)
    .where(and(eq(piccLines.id, lineId), inView(view, piccLines)));
  if (!line) return undefined;
  const events = await scheduledEvents(db, view.familyId, line.id);
  return lineCareStatus(events, line, now, timeZone).map((status) => ({
    kind: status.kind,
    lastAt: status.lastAt?.toISOString() ?? null,
    intervalHours: status.intervalHours,
    dueAt: status.dueAt?.toISOString() ?? null,
    state: status.state,
  }));
}

/** A child's catheter-days and complication rates, over all their lines and per line. */
export async function lineRatesOf(db: Db, view: FamilyView, childId: string, now: Date, timeZone: string) {
  const lines = await db
    .select({ id: piccLines.id, insertionDate: piccLines.insertionDate, removalDate: piccLines.removalDate })
    .from(piccLines)
    .where(and(inView(view, piccLines), eq(piccLines.childId, childId)))
    .orderBy(asc(piccLines.insertionDate), asc(piccLines.createdAt));
  const infections = await db
    .select({
      piccLineId: piccInfections.piccLineId,
      infectionDate: piccInfections.infectionDate,
      infectionType: piccInfections.infectionType,
    })
    .from(piccInfections)
    .where(and(inView(view, piccInfections), eq(piccInfections.childId, childId)));
  const events = await db
    .select({ piccLineId: lineCareEvents.piccLineId, kind: lineCareEvents.kind, date: lineCareEvents.date })
    .from(lineCareEvents)
    .where(
      and(
        inView(view, lineCareEvents),
        eq(lineCareEvents.childId, childId),
        inArray(lineCareEvents.kind, ["occlusion", "breakage", "dislodgement"]),
      ),
    );
  return complicationRates(lines, infections, events, todayIn(timeZone, now));
}

/** Whether a line has care events (its child cannot then change: they are that child's). */
export async function lineHasCare(tx: Tx, familyId: string, lineId: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: lineCareEvents.id })
    .from(lineCareEvents)
    .where(and(eq(lineCareEvents.familyId, familyId), eq(lineCareEvents.piccLineId, lineId)))
    .limit(1);
  return Boolean(found);
}
