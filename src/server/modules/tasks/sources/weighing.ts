import { desc, eq, sql } from "drizzle-orm";
import { DAY, dayTaskAt, TASK_KIND_TABLE } from "../../../../domain/tasks";
import { vitals } from "../../../db/schema/index";
import { conflict } from "../../../lib/errors";
import { latestPerChild } from "./shared.queries";
import { type Context, doneBy, type Part, type TaskSource } from "./source";

const kind = TASK_KIND_TABLE.weigh;

/** The newest of a child's vitals: by date, then time, then when written. */
export const newestVital = [desc(vitals.date), desc(sql`coalesce(${vitals.time}, '')`)];

/** Each child's weight every N days (the family's setting; none: off), from the last one logged. */
async function derive(c: Context): Promise<Part[]> {
  const days = c.settings.weighEveryDays;
  if (!days || c.childIds.length === 0) return [];
  const weights = await latestPerChild(
    c.db,
    c.view.familyId,
    vitals,
    c.childIds,
    [eq(vitals.kind, "weight")],
    newestVital,
  );
  return c.children.map((child): Part => {
    const last = weights.find((w) => w.childId === child.id);
    const at = last ? dayTaskAt(last.date, c.timeZone, last.time ?? undefined) : null;
    return {
      id: `weigh:${child.id}`,
      kind: "weigh",
      childId: child.id,
      subjectId: child.id,
      title: kind.title(),
      detail: kind.detail({ everyDays: days, last: last ?? null }),
      dueAt: new Date((at ?? child.createdAt).getTime() + days * DAY),
      lastDone: at && last ? doneBy(at, last) : null,
    };
  });
}

export const weighingSource: TaskSource = {
  derive,
  async done() {
    throw conflict("A weight is logged with its value: add it on Vitals.");
  },
};
