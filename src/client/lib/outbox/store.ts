/**
 * The outbox's storage: one IndexedDB object store of entries (`OutboxEntry`) keyed by their
 * UUIDv7 (so read back oldest first), with an index by owner. Every write resolves only once its
 * transaction has completed: what a save reports as "Saved on this phone" is on the disk.
 */
import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from "idb";
import type { OutboxEntry } from "./entry";
import { planSave, type SavePlan } from "./plan";

const DB_NAME = "mct-outbox";

interface OutboxSchema extends DBSchema {
  entries: { key: string; value: OutboxEntry; indexes: { owner: string } };
}

let opening: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function database(): Promise<IDBPDatabase<OutboxSchema>> {
  opening ??= openDB<OutboxSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore("entries", { keyPath: "id" }).createIndex("owner", "owner");
    },
    // A newer version of the app in another tab needs the database: let it go, open again later.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
    terminated() {
      opening = null;
    },
  }).catch((err: unknown) => {
    opening = null;
    throw err;
  });
  return opening;
}

/** Every entry on this device, whoever saved it, oldest first. */
export async function allEntries(): Promise<OutboxEntry[]> {
  return (await database()).getAll("entries");
}

/** One person's entries (in one family), oldest first. */
export async function entriesOf(owner: string): Promise<OutboxEntry[]> {
  return (await database()).getAllFromIndex("entries", "owner", owner);
}

/**
 * Writes a save into the outbox (joined with what already waits for the same record, see
 * `planSave`) and resolves once it is stored.
 */
export async function saveEntry(incoming: OutboxEntry): Promise<SavePlan> {
  const db = await database();
  const tx = db.transaction("entries", "readwrite");
  const waiting = await tx.store.index("owner").getAll(incoming.owner);
  const plan = planSave(waiting, incoming);
  await Promise.all([
    ...plan.remove.map((id) => tx.store.delete(id)),
    ...plan.put.map((e) => tx.store.put(e)),
  ]);
  await tx.done;
  return plan;
}

/**
 * Changes one entry as `change` says (null removes it); resolves with the entry as stored, or
 * null when it is gone (sent or discarded meanwhile, perhaps from another tab).
 */
export async function changeEntry(
  id: string,
  change: (entry: OutboxEntry) => OutboxEntry | null,
): Promise<OutboxEntry | null> {
  const db = await database();
  const tx = db.transaction("entries", "readwrite");
  const entry = await tx.store.get(id);
  const next = entry ? change(entry) : null;
  if (entry && next) await tx.store.put(next);
  else if (entry) await tx.store.delete(id);
  await tx.done;
  return next;
}

export async function removeEntry(id: string): Promise<void> {
  const db = await database();
  const tx = db.transaction("entries", "readwrite");
  await tx.store.delete(id);
  await tx.done;
}

/** Deletes the database once it holds nothing: a device signed out of leaves no trace of the outbox. */
export async function deleteOutboxIfEmpty(): Promise<boolean> {
  if ((await allEntries()).length) return false;
  await closeOutboxStore();
  await deleteDB(DB_NAME);
  return true;
}

/** Forgets the database connection (tests start each case from a new database). */
export async function closeOutboxStore(): Promise<void> {
  const db = await opening?.catch(() => null);
  db?.close();
  opening = null;
}
