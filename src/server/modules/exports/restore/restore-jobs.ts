import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { restoreJobs } from "../../../db/schema/index";

/** A restore's journal row: its state, progress and what it wrote (`restore_jobs`). */
export type RestoreJob = typeof restoreJobs.$inferSelect;

/** A restore that is running for `familyId`, if any. */
export async function runningRestore(db: Db, familyId: string): Promise<RestoreJob | undefined> {
  const [job] = await db
    .select()
    .from(restoreJobs)
    .where(and(eq(restoreJobs.familyId, familyId), inArray(restoreJobs.state, ["writing", "undoing"])));
  return job;
}

export async function getRestore(db: Db, familyId: string, id: string): Promise<RestoreJob | undefined> {
  const [job] = await db
    .select()
    .from(restoreJobs)
    .where(and(eq(restoreJobs.id, id), eq(restoreJobs.familyId, familyId)));
  return job;
}

/** The owner's latest restores, newest first. */
export function listRestores(db: Db, familyId: string, limit = 10): Promise<RestoreJob[]> {
  return db
    .select()
    .from(restoreJobs)
    .where(eq(restoreJobs.familyId, familyId))
    .orderBy(desc(restoreJobs.createdAt))
    .limit(limit);
}
