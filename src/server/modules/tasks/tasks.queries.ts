import { and, eq } from "drizzle-orm";
import { careTaskIssues } from "../../../domain/task-records";
import {
  DEFAULT_TASK_SETTINGS,
  type EscalationPolicy,
  TASK_KIND_LABELS,
  type TaskKind,
  type TaskSettings,
} from "../../../domain/tasks";
import type { Db, Tx } from "../../db/client";
import { careTasks, children, families, tpnSupplies } from "../../db/schema/index";
import { type FamilyView, inView } from "../../lib/child-scope";
import { invalidRecord } from "../../lib/errors";
import { isCaregiverOf } from "../../lib/family-access";
import { ownedRecords } from "../../lib/owned-records";
import { forgetVanishedCreates } from "../../lib/record-ids";
import { recordType } from "../record-types";

/**
 * The family's own tasks (src/domain/tasks.ts): each recurs by an interval or an RRULE, with its
 * escalation steps. Who is told first is one of the family's members, or nobody in particular.
 */
export const careTaskRecords = ownedRecords({
  ...recordType("careTasks"),
  summary: (row) => row.title,
  rule: (row) =>
    careTaskIssues({
      intervalHours: row.intervalHours,
      rrule: row.rrule,
      urgent: row.urgent,
      repeatMinutes: row.repeatMinutes,
      nextAfterMinutes: row.nextAfterMinutes,
      everyoneAfterMinutes: row.everyoneAfterMinutes,
    }),
  hooks: {
    async inTransaction(ctx, { after }) {
      // Its Dones went with it: what their creates said goes too.
      if (!after) {
        const events = recordType("careTaskEvents");
        await forgetVanishedCreates(ctx.tx, ctx.familyId, events.entity, events.table);
      }
      if (!after?.assigneeId) return;
      if (!(await isCaregiverOf(ctx.tx, ctx.familyId, after.assigneeId))) {
        throw invalidRecord([{ path: "assigneeId", message: "Choose a caregiver of this family" }]);
      }
    },
  },
});

/**
 * A Done of a task nothing else records (the PN bag, an order, an expiry, a family task): written
 * by `markTaskDone`, listed by the derivation; a task or supply of the family only.
 */
export const careTaskEventRecords = ownedRecords({
  ...recordType("careTaskEvents"),
  references: [
    { field: "careTaskId", table: careTasks, label: "Task" },
    { field: "supplyId", table: tpnSupplies, label: "Supply" },
  ],
  summary: (row) => `${TASK_KIND_LABELS[row.kind]} done`,
});

const settingsColumns = {
  deliveryWeekday: families.deliveryWeekday,
  nextDeliveryDate: families.nextDeliveryDate,
  stockDaysToKeep: families.stockDaysToKeep,
  expiryWarningDays: families.expiryWarningDays,
  labsEveryWeeks: families.labsEveryWeeks,
  weighEveryDays: families.weighEveryDays,
  fridgeOutHours: families.fridgeOutHours,
  pnStartTime: families.pnStartTime,
  pnLatestStartTime: families.pnLatestStartTime,
  escalation: families.escalation,
};

/** The family's settings for its derived tasks (the defaults for a family that is gone). */
export async function taskSettingsOf(db: Db | Tx, familyId: string): Promise<TaskSettings> {
  const [row] = await db.select(settingsColumns).from(families).where(eq(families.id, familyId));
  return row ?? DEFAULT_TASK_SETTINGS;
}

/** Changes the settings given (the owner's); the others stay. */
export async function setTaskSettings(
  db: Db | Tx,
  familyId: string,
  changes: Partial<Omit<TaskSettings, "escalation">> & {
    escalation?: Partial<Record<TaskKind, EscalationPolicy | null>> | undefined;
  },
): Promise<TaskSettings> {
  const { escalation, ...rest } = changes;
  const set: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).filter(([, v]) => v !== undefined),
  );
  if (escalation) {
    // Each kind sent replaces that kind's ladder; null goes back to the default.
    const current = (await taskSettingsOf(db, familyId)).escalation;
    const merged: Record<string, unknown> = { ...current };
    for (const [kind, policy] of Object.entries(escalation)) {
      if (policy === null) delete merged[kind];
      else if (policy) merged[kind] = policy;
    }
    set.escalation = merged;
  }
  if (Object.keys(set).length > 0) {
    await db
      .update(families)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(families.id, familyId));
  }
  return taskSettingsOf(db, familyId);
}

/** Whether `childId` is a child of the family the view sees. */
export async function childInView(db: Db | Tx, view: FamilyView, childId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.id, childId), inView(view, children)));
  return Boolean(found);
}
