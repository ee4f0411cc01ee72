import { desc, lte } from "drizzle-orm";
import { addDays } from "../../../../domain/dates";
import { DAY, dayTaskAt, TASK_KIND_TABLE } from "../../../../domain/tasks";
import { labTests } from "../../../db/schema/index";
import { labTestRecords } from "../../lab-tests/lab-tests.queries";
import { activePanels } from "./lab-panels";
import { latestPerChild } from "./shared.queries";
import { type Context, doneBy, type Part, type TaskSource } from "./source";

const kind = TASK_KIND_TABLE.labs;

/** The test name a lab draw logged by Done carries until the family writes the results. */
export const ROUTINE_LABS = "Routine labs";

/**
 * Each child's labs every N weeks (the family's setting; none: off), from the last ones logged;
 * not for a child with a lab schedule (an active panel, ./lab-panels.ts): its panels say what is
 * drawn when, and the same draw is not asked for twice.
 */
async function derive(c: Context): Promise<Part[]> {
  const weeks = c.settings.labsEveryWeeks;
  if (!weeks || c.childIds.length === 0) return [];
  const scheduled = new Set((await activePanels(c)).map((panel) => panel.childId));
  const labs = await latestPerChild(
    c.db,
    c.view.familyId,
    labTests,
    c.childIds,
    [lte(labTests.date, c.today)],
    [desc(labTests.date)],
  );
  return c.children.flatMap((child): Part[] => {
    if (scheduled.has(child.id)) return [];
    const last = labs.find((l) => l.childId === child.id);
    return [
      {
        id: `labs:${child.id}`,
        kind: "labs",
        childId: child.id,
        subjectId: child.id,
        title: kind.title(),
        detail: kind.detail({ everyWeeks: weeks, last: last ?? null }),
        // None yet: the first is due N weeks after the child was added.
        dueAt: last
          ? dayTaskAt(addDays(last.date, weeks * 7), c.timeZone)
          : new Date(child.createdAt.getTime() + weeks * 7 * DAY),
        lastDone: last ? doneBy(dayTaskAt(last.date, c.timeZone), last) : null,
      },
    ];
  });
}

export const labsSource: TaskSource = {
  derive,
  /** A pending lab test to fill in with the results. */
  async done(ctx, task, { date, body, claim }) {
    await labTestRecords.create(
      ctx,
      { childId: task.childId, testName: ROUTINE_LABS, date, status: "pending", notes: body.notes },
      claim,
    );
  },
};
