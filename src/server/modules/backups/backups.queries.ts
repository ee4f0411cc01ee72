import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { backupRuns, families, familyMembers } from "../../db/schema/index";

export type BackupRunRow = typeof backupRuns.$inferSelect;
export type NewBackupRun = typeof backupRuns.$inferInsert;

/** Writes what a backup did, once it is over. */
export async function recordRun(db: Db, run: NewBackupRun): Promise<BackupRunRow> {
  const [row] = await db.insert(backupRuns).values(run).returning();
  return row!;
}

/** The latest backup made or tried, and the latest good one. */
export async function latestRuns(db: Db): Promise<{ last?: BackupRunRow; lastGood?: BackupRunRow }> {
  const [last] = await db.select().from(backupRuns).orderBy(desc(backupRuns.finishedAt)).limit(1);
  const [lastGood] = await db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.ok, true))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  return { last, lastGood };
}

/** Failed nightly backups since `since` (all of them without it), and whether one told the owners. */
export async function failuresSince(db: Db, since: Date | undefined) {
  const after = since ? gt(backupRuns.finishedAt, since) : undefined;
  const [row] = await db
    .select({
      failed: sql<number>`count(*) filter (where ${backupRuns.trigger} = 'nightly')::int`,
      told: sql<boolean>`coalesce(bool_or(${backupRuns.ownersTold}), false)`,
    })
    .from(backupRuns)
    .where(and(eq(backupRuns.ok, false), after));
  return { failed: row?.failed ?? 0, told: row?.told ?? false };
}

export async function markOwnersTold(db: Db, runId: string): Promise<void> {
  await db.update(backupRuns).set({ ownersTold: true }).where(eq(backupRuns.id, runId));
}

/** Every family's owners, with the family's clock: who is told when backups fail. */
export function familyOwners(db: Db) {
  return db
    .select({
      familyId: familyMembers.familyId,
      userId: familyMembers.userId,
      timeZone: families.timeZone,
      timeFormat: families.timeFormat,
    })
    .from(familyMembers)
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .where(eq(familyMembers.role, "owner"));
}

/** How long the history of backups is kept. */
export const RUN_HISTORY_MS = 400 * 24 * 60 * 60 * 1000;

export async function pruneRuns(db: Db, now: Date): Promise<void> {
  await db.delete(backupRuns).where(lt(backupRuns.finishedAt, new Date(now.getTime() - RUN_HISTORY_MS)));
}
