import { eq, sql } from "drizzle-orm";
import type { Role } from "../../domain/roles";
import type { Db, Tx } from "../db/client";
import { familyChangeMarks } from "../db/schema";
import { membershipOf } from "./family-access";

/** Something that follows a family's records: told inside the transaction of each change. */
export type FamilyChangeListener = (tx: Tx | Db, familyId: string) => Promise<void>;

/**
 * Where a change of a family's records, members or settings is announced, inside the change's own
 * transaction, so what follows it (the reminders' next run, modules/tasks/reminders) is written with the
 * change or not at all. Modules listen before the app is ready; the record layer announces every
 * write it makes (lib/transaction.ts), and routes that change a family outside it announce too.
 * Every announcement also raises the family's change mark (`familyChangesFor`), which open pages
 * read to reload what another member changed.
 */
export interface FamilyChanges {
  on(listener: FamilyChangeListener): void;
  /** Raises the family's mark and tells every listener; given no transaction, each writes on its own. */
  announce(tx: Tx | Db, familyId: string): Promise<void>;
}

export function createFamilyChanges(): FamilyChanges {
  const listeners: FamilyChangeListener[] = [];
  return {
    on(listener) {
      listeners.push(listener);
    },
    async announce(tx, familyId) {
      // A family deleted in this transaction (an account going with the families it owned alone)
      // has no mark left to raise: its listeners are still told, so what followed it stops.
      await tx.execute(sql`
        insert into family_change_marks (family_id, mark)
        select ${familyId}, 1 where exists (select 1 from families where id = ${familyId})
        on conflict (family_id) do update set mark = family_change_marks.mark + 1`);
      for (const listener of listeners) await listener(tx, familyId);
    },
  };
}

/**
 * What an open page asks every few seconds about the family it shows: its change mark and the
 * person's role and children in it now; for a family they are not (or no longer) in, nothing of
 * the family's: mark 0 and no membership. Two rows, each by its primary key.
 */
export async function familyChangesFor(
  db: Db | Tx,
  userId: string,
  familyId: string,
): Promise<{ mark: number; membership: { role: Role; childIds: string[] | null } | null }> {
  // Who the person is in the family is answered where membership lives (lib/family-access.ts).
  const membership = await membershipOf(db, familyId, userId);
  if (!membership) return { mark: 0, membership: null };
  const [row] = await db
    .select({ mark: familyChangeMarks.mark })
    .from(familyChangeMarks)
    .where(eq(familyChangeMarks.familyId, familyId));
  return {
    mark: row?.mark ?? 0,
    membership: { role: membership.role, childIds: membership.childIds ?? null },
  };
}
