import { and, eq, inArray } from "drizzle-orm";
import { addDays } from "../../../../domain/dates";
import { dayTaskAt, TASK_KIND_TABLE } from "../../../../domain/tasks";
import { fluidLimits } from "../../../db/schema/index";
import { dayBalanceOf } from "../../intake-output/intake-output.queries";
import type { Context, Part, TaskSource } from "./source";

const kind = TASK_KIND_TABLE["fluid-limits"];

/**
 * Yesterday's output past a limit the child's team set (ostomy or stool output above, urine below:
 * src/domain/intake-output.ts, `limitsCrossed`), for each child with limits: due at 09:00 the next
 * morning on the family's clock, once the whole day is in, until Done says the team was told.
 * Today's figures so far are on the Intake & Output screen, not a task: half a day's urine is not a
 * day's.
 */
async function derive(c: Context): Promise<Part[]> {
  if (c.childIds.length === 0) return [];
  const limited = await c.db
    .selectDistinct({ childId: fluidLimits.childId })
    .from(fluidLimits)
    .where(and(eq(fluidLimits.familyId, c.view.familyId), inArray(fluidLimits.childId, c.childIds)));
  const yesterday = addDays(c.today, -1);
  const dueAt = dayTaskAt(c.today, c.timeZone);
  const parts = await Promise.all(
    limited.map(async ({ childId }): Promise<Part[]> => {
      const answered = c.eventOf("fluid-limits", { childId });
      if (answered && answered.forDueAt >= dueAt) return [];
      const day = await dayBalanceOf(c.db, c.view, {
        childId,
        date: yesterday,
        today: c.today,
        timeZone: c.timeZone,
        now: c.now,
      });
      if (!day?.crossed.length) return [];
      return [
        {
          id: `fluid-limits:${childId}`,
          kind: "fluid-limits",
          childId,
          subjectId: childId,
          title: kind.title({ date: yesterday }),
          detail: kind.detail({ crossed: day.crossed.map((limit) => limit.text) }),
          dueAt,
          lastDone: null,
        },
      ];
    }),
  );
  return parts.flat();
}

export const fluidLimitsSource: TaskSource = { derive };
