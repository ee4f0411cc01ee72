import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { familyChangeMarks } from "../db/schema";

/** Something that follows a family's records: told inside the transaction of each change. */
export type FamilyChangeListener = (tx: Tx | Db, familyId: string) => Promise<void>;

/**
 * Where a change of a family's records, members or settings is announced, inside the change's own
 * transaction, so what follows it (the reminders' next run, modules/tasks/reminders) is written with the
 * change or not at all. Modules listen before the app is ready; the record layer announces every
 * write it makes (lib/transaction.ts), and routes that change a family outside it announce too.
 * Every announcement also raises the family's change mark (`familyChangeMark`), which open pages
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

/** The family's change mark: it goes up with every change announced (0 before the first). */
export async function familyChangeMark(db: Db | Tx, familyId: string): Promise<number> {
  const [row] = await db
    .select({ mark: familyChangeMarks.mark })
    .from(familyChangeMarks)
    .where(eq(familyChangeMarks.familyId, familyId));
  return row?.mark ?? 0;
}
