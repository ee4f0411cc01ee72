import type { Role } from "../../domain/roles";
import type { Db, Tx } from "../db/client";
import type { FamilyView } from "./child-scope";

/**
 * Whose records a request reads and changes (the family, and the children it may see) and who is
 * acting. `childIds` null: every child of the family.
 */
export interface FamilyScope extends FamilyView {
  actorId: string;
  /** The actor's role in the family: every change of a record checks it may write. */
  role: Role;
  /** The name of the personal API token the actor sent the change with, for the audit; else none. */
  viaToken?: string | null;
  /**
   * Told, inside the transaction, that the family's records changed (lib/family-changes.ts): what
   * follows them (the reminders) is rescheduled with the change.
   */
  changed?: (tx: Tx) => Promise<void>;
  /**
   * Told, inside the transaction, the tables a deletion removed rows from (or changed to forget
   * what they said): their files are rewritten without them soon after (lib/erasure.ts).
   */
  erase?: (tx: Tx, tables: readonly string[]) => Promise<void>;
}

/** What a change needs: its transaction, the family and actor, and a place for after-commit work. */
export interface WriteContext extends FamilyScope {
  tx: Tx;
  /** Runs `task` once the transaction has committed; never when it rolls back. */
  afterCommit(task: () => Promise<void>): void;
}

/**
 * Runs `work` in one transaction: all of it happens or none of it. The tasks it queued with
 * `afterCommit` (deleting stored files, say) run once it has committed; a failing task is reported
 * to `onTaskError` and does not undo the change.
 */
export async function inTransaction<T>(
  db: Db,
  scope: FamilyScope,
  work: (ctx: WriteContext) => Promise<T>,
  onTaskError: (error: unknown) => void = () => {},
): Promise<T> {
  const tasks: (() => Promise<void>)[] = [];
  const result = await db.transaction(async (tx) => {
    const done = await work({ ...scope, tx, afterCommit: (task) => void tasks.push(task) });
    await scope.changed?.(tx);
    return done;
  });
  for (const task of tasks) {
    try {
      await task();
    } catch (error) {
      onTaskError(error);
    }
  }
  return result;
}
