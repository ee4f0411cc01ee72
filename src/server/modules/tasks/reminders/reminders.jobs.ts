import type { ModuleJobs } from "../../../app-context";
import { families } from "../../../db/schema/index";
import { NOTIFICATION_RETENTION_MS } from "../../notifications/notifications.queries";
import { REMINDERS_QUEUE, runFamilyReminders } from "./engine";
import { pruneReminders } from "./reminders.queries";

/** How often every family is checked to have its next round queued (a safety net, see below). */
export const REMINDERS_SWEEP_EVERY_MS = 15 * 60_000;

/**
 * The reminders' jobs: one per family on `REMINDERS_QUEUE`, run at the family's next round (each
 * run queues the next). A change of the family's records, members or settings queues a run at
 * once, in the change's own transaction (lib/family-changes.ts), so a logged dressing change stops
 * its reminders with the log. Every 15 minutes a sweep queues a run for any family without one
 * waiting (its first, or one lost with a restore that wrote outside the record layer), and prunes
 * the spent tokens.
 */
export const reminderJobs: ModuleJobs = ({ db, notify, scheduler, clock, familyChanges }) => {
  const deps = { db, notify, scheduler };
  scheduler.work<{ familyId: string }>(
    REMINDERS_QUEUE,
    (job) => runFamilyReminders(deps, job.data.familyId, job.now),
    // A failing round is tried again after a minute, then two: a push service that is down does
    // not fail the round (deliver() records it), only the database can.
    { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true },
  );
  familyChanges.on((tx, familyId) =>
    scheduler.schedule(REMINDERS_QUEUE, familyId, clock(), { familyId }, tx),
  );
  scheduler.every("reminders-sweep", REMINDERS_SWEEP_EVERY_MS, async (now) => {
    const waiting = await scheduler.waitingKeys(REMINDERS_QUEUE);
    const all = await db.select({ id: families.id }).from(families);
    for (const { id } of all) {
      if (!waiting.has(id)) await scheduler.schedule(REMINDERS_QUEUE, id, now, { familyId: id });
    }
    await pruneReminders(db, now, NOTIFICATION_RETENTION_MS);
  });
};
