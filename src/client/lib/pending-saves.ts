/**
 * The way in to the outbox (`lib/outbox/`) from the screens: the id a new record is created with,
 * what waits as the screens show it (`outbox/view.ts`), and the outbox itself, loaded on first use
 * with its storage library (IndexedDB through `idb`) so that the first screen does not wait for
 * it. Every save of a record goes through the outbox; see `outbox/outbox.ts`.
 *
 * The screens import these from here only (types aside): one module, one small chunk shared by the
 * first screen and the outbox, rather than a file each in every first download.
 */
import { showOutbox } from "./outbox/view";
import { uuidv7 } from "./uuidv7";

export {
  ownerUser,
  useOutboxEntries,
  WAITING,
  type WaitingMark,
  waitingOf,
  withWaiting,
} from "./outbox/view";
export { uuidv7 };

type Outbox = typeof import("./outbox/outbox");

let loading: Promise<Outbox> | null = null;

/** The outbox module, loaded once (a failed load, as offline before it was ever loaded, is tried again next time). */
export function loadOutbox(): Promise<Outbox> {
  loading ??= import("./outbox/outbox").then(
    (outbox) => {
      outbox.connect({ newId: uuidv7, show: showOutbox });
      return outbox;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * A new record's id, made on this device (a UUIDv7, sorted by time): the record keeps it on the
 * server, and it is the create's Idempotency-Key, the same for every try of one typed entry.
 */
export function newEntryKey(): string {
  return uuidv7();
}

/**
 * How many of `owner`'s entries have not reached the server yet, waiting or refused: signing out
 * asks first while there are some. `owner` is the person in a family (`${userId}:${familyId}`), or
 * the person alone, whose entries an app from before families kept.
 */
export async function waitingToSendCount(owner: string): Promise<number> {
  return (await loadOutbox()).waitingToSendCount(owner);
}

/** Drops every entry of `owner` still waiting: signing out, once the person chose to. */
export async function discardWaiting(owner: string): Promise<void> {
  await (await loadOutbox()).discardAll(owner);
}
