import { and, desc, eq } from "drizzle-orm";
import { timeIn, todayIn } from "../../../domain/clock";
import type { LineCareKind } from "../../../domain/line-care";
import { lineCareEvents } from "../../db/schema/index";
import { conflict } from "../../lib/errors";
import type { WriteContext } from "../../lib/transaction";
import { labTestRecords } from "../lab-tests/lab-tests.queries";
import { lineCareRecords } from "../line-care/line-care.queries";
import { doseRecords } from "../medication-doses/medication-doses.queries";
import type { DerivedTask } from "./derived-tasks.queries";
import { careTaskEventRecords } from "./tasks.queries";

/** The test name a lab draw logged by Done carries until the family writes the results. */
export const ROUTINE_LABS = "Routine labs";

/**
 * Done on a task logs the thing itself, now on the family's clock: a line's care is a line-care
 * event of its kind (with the last one's dressing, tubing or lock, as the family does it), a dose
 * is a dose given (a dose too soon after the last is the doses' 409, unless `confirm`), labs are a
 * pending lab test to fill in, and what nothing else records is a task event answering the task's
 * due time. A weight needs its value: that is the Vitals form's.
 */
export async function markTaskDone(
  ctx: WriteContext,
  task: DerivedTask,
  now: Date,
  timeZone: string,
  body: { confirm?: boolean | undefined; notes: string | null },
): Promise<void> {
  const date = todayIn(timeZone, now);
  const time = timeIn(timeZone, now);
  switch (task.kind) {
    case "line-care": {
      const kind = task.id.split(":")[2] as LineCareKind;
      const [last] = await ctx.tx
        .select()
        .from(lineCareEvents)
        .where(
          and(
            eq(lineCareEvents.familyId, ctx.familyId),
            eq(lineCareEvents.piccLineId, task.subjectId),
            eq(lineCareEvents.kind, kind),
          ),
        )
        .orderBy(desc(lineCareEvents.date), desc(lineCareEvents.createdAt))
        .limit(1);
      await lineCareRecords.create(ctx, {
        childId: task.childId!,
        piccLineId: task.subjectId,
        kind,
        date,
        time,
        dressingType: kind === "dressing" ? (last?.dressingType ?? "transparent") : null,
        withLipids: kind === "tubing" ? (last?.withLipids ?? null) : null,
        lipidsAlone: kind === "tubing" ? (last?.lipidsAlone ?? null) : null,
        lockSolution: kind === "lock" ? (last?.lockSolution ?? null) : null,
        dwellMinutes: kind === "lock" ? (last?.dwellMinutes ?? null) : null,
        notes: body.notes,
      });
      return;
    }
    case "dose":
      await doseRecords.create(ctx, {
        medicationId: task.subjectId,
        givenAt: now,
        status: "given",
        notes: body.notes,
        ...(body.confirm ? { confirm: true } : {}),
      } as Parameters<typeof doseRecords.create>[1]);
      return;
    case "labs":
      await labTestRecords.create(ctx, {
        childId: task.childId,
        testName: ROUTINE_LABS,
        date,
        status: "pending",
        notes: body.notes,
      });
      return;
    case "weigh":
      throw conflict("A weight is logged with its value: add it on Vitals.");
    default: {
      if (!task.dueAt) throw conflict("This task has no more dates to do.");
      await careTaskEventRecords.create(ctx, {
        kind: task.kind,
        childId: task.childId,
        careTaskId: task.kind === "family" ? task.subjectId : null,
        supplyId: task.kind === "supply-reorder" || task.kind === "supply-expiry" ? task.subjectId : null,
        forDueAt: task.dueAt,
        doneAt: now,
        date,
        time,
        notes: body.notes,
      });
    }
  }
}
