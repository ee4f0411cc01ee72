import type { Db, Tx } from "../db/client";

/** Something that follows a family's records: told inside the transaction of each change. */
export type FamilyChangeListener = (tx: Tx | Db, familyId: string) => Promise<void>;

/**
 * Where a change of a family's records, members or settings is announced, inside the change's own
 * transaction, so what follows it (the reminders' next run, modules/reminders) is written with the
 * change or not at all. Modules listen before the app is ready; the record layer announces every
 * write it makes (lib/transaction.ts), and routes that change a family outside it announce too.
 */
export interface FamilyChanges {
  on(listener: FamilyChangeListener): void;
  /** Tells every listener; given no transaction, each writes on its own. */
  announce(tx: Tx | Db, familyId: string): Promise<void>;
}

export function createFamilyChanges(): FamilyChanges {
  const listeners: FamilyChangeListener[] = [];
  return {
    on(listener) {
      listeners.push(listener);
    },
    async announce(tx, familyId) {
      for (const listener of listeners) await listener(tx, familyId);
    },
  };
}
