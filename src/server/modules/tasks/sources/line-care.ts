import { and, desc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import {
  DRESSING_TYPE_LABELS,
  eventInstant,
  LINE_CARE_LABELS,
  type LineCareKind,
  lineCareStatus,
  SCHEDULED_KINDS,
} from "../../../../domain/line-care";
import { HOUR, TASK_KIND_TABLE } from "../../../../domain/tasks";
import { lineCareEvents, piccLines } from "../../../db/schema/index";
import { withAuthorNames } from "../../../lib/authors";
import { inView } from "../../../lib/child-scope";
import { lineCareRecords } from "../../line-care/line-care.queries";
import { type Context, doneBy, type Part, type TaskSource } from "./source";

const kind = TASK_KIND_TABLE["line-care"];

/** Each line in place: its dressing, connector, tubing and (when prescribed) lock, by their intervals. */
async function derive(c: Context): Promise<Part[]> {
  if (c.childIds.length === 0) return [];
  const lines = await c.db
    .select()
    .from(piccLines)
    .where(
      and(
        inView(c.view, piccLines),
        inArray(piccLines.childId, c.childIds),
        lte(piccLines.insertionDate, c.today),
        or(isNull(piccLines.removalDate), gte(piccLines.removalDate, c.today)),
      ),
    );
  if (lines.length === 0) return [];
  const latest = await withAuthorNames(
    c.db,
    await c.db
      .selectDistinctOn([lineCareEvents.piccLineId, lineCareEvents.kind])
      .from(lineCareEvents)
      .where(
        and(
          eq(lineCareEvents.familyId, c.view.familyId),
          inArray(
            lineCareEvents.piccLineId,
            lines.map((line) => line.id),
          ),
          inArray(lineCareEvents.kind, [...SCHEDULED_KINDS]),
        ),
      )
      .orderBy(
        lineCareEvents.piccLineId,
        lineCareEvents.kind,
        desc(lineCareEvents.date),
        desc(sql`coalesce(${lineCareEvents.time}, '12:00')`),
        desc(lineCareEvents.createdAt),
      ),
  );
  const several = new Set(lines.map((l) => l.childId)).size < lines.length;
  return lines.flatMap((line) => {
    const events = latest.filter((e) => e.piccLineId === line.id);
    return lineCareStatus(events, line, c.now, c.timeZone).flatMap((status): Part[] => {
      if (status.intervalHours === null) return [];
      const last = events.find((e) => e.kind === status.kind) ?? null;
      // Never logged: due an interval after the line went in, but not before it was recorded here.
      const dueAt =
        status.dueAt ??
        new Date(
          Math.max(
            eventInstant({ date: line.insertionDate, time: null }, c.timeZone).getTime() +
              status.intervalHours * HOUR,
            line.createdAt.getTime(),
          ),
        );
      return [
        {
          id: `line-care:${line.id}:${status.kind}`,
          kind: "line-care",
          childId: line.childId,
          subjectId: line.id,
          title: kind.title({ care: LINE_CARE_LABELS[status.kind] }),
          detail: kind.detail({
            dressing:
              status.kind === "dressing" && last?.dressingType
                ? DRESSING_TYPE_LABELS[last.dressingType]
                : null,
            intervalHours: status.intervalHours,
            lineOf: several ? line.insertionDate : null,
            logged: Boolean(last),
          }),
          dueAt,
          lastDone: last ? doneBy(eventInstant(last, c.timeZone), last) : null,
        },
      ];
    });
  });
}

export const lineCareSource: TaskSource = {
  derive,
  /** A line-care event of its kind, with the last one's dressing, tubing or lock, as the family does it. */
  async done(ctx, task, { date, time, body, claim }) {
    const care = task.id.split(":")[2] as LineCareKind;
    const [last] = await ctx.tx
      .select()
      .from(lineCareEvents)
      .where(
        and(
          eq(lineCareEvents.familyId, ctx.familyId),
          eq(lineCareEvents.piccLineId, task.subjectId),
          eq(lineCareEvents.kind, care),
        ),
      )
      .orderBy(desc(lineCareEvents.date), desc(lineCareEvents.createdAt))
      .limit(1);
    await lineCareRecords.create(
      ctx,
      {
        childId: task.childId!,
        piccLineId: task.subjectId,
        kind: care,
        date,
        time,
        dressingType: care === "dressing" ? (last?.dressingType ?? "transparent") : null,
        withLipids: care === "tubing" ? (last?.withLipids ?? null) : null,
        lipidsAlone: care === "tubing" ? (last?.lipidsAlone ?? null) : null,
        lockSolution: care === "lock" ? (last?.lockSolution ?? null) : null,
        dwellMinutes: care === "lock" ? (last?.dwellMinutes ?? null) : null,
        notes: body.notes,
      },
      claim,
    );
  },
};
