/**
 * The outbox: every save of a record goes to IndexedDB first and is sent from there, so a save
 * made without a connection (or whose answer never came) survives a reload, a closed tab or a
 * restarted phone, and is sent when the server can be reached again. Loaded after the first
 * screen, with its storage library, by `pending-saves.ts`, which hands it what the first screen
 * shares with it (`connect`); the screens read what waits through `view.ts`.
 */
import { ConnectionError } from "../api";
import type { OutboxEntry } from "./entry";
import { adoptLegacyPending, forgetLegacyPending, legacyPendingCount } from "./legacy";
import { type SendRun, sendEntry, sendWaiting, unlessConnectionJustFailed } from "./send";
import { allEntries, changeEntry, deleteOutboxIfEmpty, entriesOf, removeEntry, saveEntry } from "./store";

export type { OutboxEntry } from "./entry";
export type { SendRun } from "./send";

/**
 * What the outbox takes from the code loaded with the first screen: the ids made on this device
 * (`uuidv7`) and the screens' view of what waits (`showOutbox`). Handed over rather than imported:
 * imported from both sides, each would be a chunk of its own, one more file in every first load.
 */
export interface OutboxParts {
  newId: () => string;
  show: (entries: readonly OutboxEntry[]) => void;
}

let parts: OutboxParts = { newId: () => crypto.randomUUID(), show: () => {} };

export function connect(given: OutboxParts): void {
  parts = given;
}

/** The other tabs of this site hear of each change, and read the outbox again. */
const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("mct-outbox") : null;
channel?.addEventListener("message", () => void refresh(false));

/** Reads what this device holds and shows it; tells the other tabs unless it is their news. */
export async function refresh(tell = true): Promise<readonly OutboxEntry[]> {
  const entries = await allEntries();
  parts.show(entries);
  if (tell) channel?.postMessage("changed");
  return entries;
}

const runListeners = new Set<(run: SendRun, owner: string) => void>();

/** Hears of every run's outcome (what arrived, what was refused, why it stopped). */
export function onSendRun(listener: (run: SendRun, owner: string) => void): () => void {
  runListeners.add(listener);
  return () => {
    runListeners.delete(listener);
  };
}

/**
 * The entries whose save is still running in this tab: their outcome is the save's to report (its
 * form's toast, a fever's card, the form's field messages), whichever run sends them; what they
 * arrived as, or why they were refused, waits here for it.
 */
const awaited = new Map<string, { record: unknown } | { error: unknown } | null>();

/**
 * Sends `owner`'s waiting entries, oldest first, one tab at a time (not again at once behind a run
 * that just found no connection: `unlessConnectionJustFailed`).
 */
export function sendNow(owner: string): Promise<SendRun> {
  return unlessConnectionJustFailed(owner, async () => {
    const run = await sendWaiting(owner, { entriesOf, changeEntry, send: sendEntry });
    if (run.sent.length || run.refused.length || run.stopped) await refresh();
    for (const { entry, record } of run.sent) if (awaited.has(entry.id)) awaited.set(entry.id, { record });
    for (const { entry, error } of run.refused) if (awaited.has(entry.id)) awaited.set(entry.id, { error });
    const told: SendRun = {
      ...run,
      sent: run.sent.filter((s) => !awaited.has(s.entry.id)),
      refused: run.refused.filter((r) => !awaited.has(r.entry.id)),
    };
    for (const listener of runListeners) listener(told, owner);
    return run;
  });
}

/** A save as its form gives it: the outbox adds its own id, the time and the tries. */
export type SaveInput = Omit<OutboxEntry, "id" | "savedAt" | "attempts" | "refusal">;

export type SaveOutcome =
  | { sent: true; record: unknown }
  /** "added"/"merged": waiting on this device; "discarded": a record never sent was deleted. */
  | { sent: false; result: "added" | "merged" | "discarded" };

/**
 * Saves a create, an edit or a delete: stored in the outbox (resolved once on the disk), then
 * sent with whatever waits before it. Arrived: the server's answer. Not sent for want of a
 * connection, or because something older could not be sent yet: it waits. Refused at once (a
 * value to correct, a dose's question, a server fault, the session ended): a new entry is taken
 * back out and the error thrown, so the form still open shows it as it would without an outbox;
 * a change joined to an entry already waiting is kept with its refusal, and the refusal thrown.
 * `send: false` only stores it (its request just failed to connect).
 */
export async function save(input: SaveInput, { send = true }: { send?: boolean } = {}): Promise<SaveOutcome> {
  const newId = parts.newId();
  // Awaited from before it is stored: a run already waiting on the lock may be the one to send it.
  awaited.set(newId, null);
  let id = newId;
  try {
    const plan = await saveEntry({ ...input, id: newId, savedAt: new Date().toISOString(), attempts: 0 });
    await refresh();
    if (!plan.entry || !send) return { sent: false, result: plan.result };
    id = plan.entry.id;
    if (id !== newId) awaited.set(id, null);
    const run = await sendNow(input.owner);
    // Sent or refused by this run, or by one that took it first (this tab's, on the lock before it).
    const outcome = awaited.get(id);
    if (outcome && "record" in outcome) return { sent: true, record: outcome.record };
    const refused = outcome && "error" in outcome ? outcome : null;
    const stoppedHere =
      run.stopped?.entry.id === id && run.stopped.reason !== "connection" ? run.stopped : null;
    if (plan.result === "added" && (refused || stoppedHere)) {
      await removeEntry(id);
      await refresh();
      throw (refused ?? stoppedHere)?.error;
    }
    if (refused) throw refused.error;
    // Sent by another tab's run, which held the lock as it was saved.
    if (!run.stopped && !(await entriesOf(input.owner)).some((e) => e.id === id)) {
      return { sent: true, record: undefined };
    }
    return { sent: false, result: plan.result };
  } finally {
    awaited.delete(newId);
    awaited.delete(id);
  }
}

/** What a record type's saves carry besides their own values (see `useResourceMutations`). */
export interface SaveTarget {
  owner: string;
  path: string;
  method: "PATCH" | "PUT";
  queryKeys: SaveInput["queryKeys"];
  /** Where its form opens, from what is saved; the page it is saved on when left out. */
  screenOf?: (body: Record<string, unknown>) => string | undefined;
}

function inputOf(
  target: SaveTarget,
  op: SaveInput["op"],
  recordId: string,
  body: unknown,
  label: string,
): SaveInput {
  const { screenOf, ...rest } = target;
  const fields = (body ?? null) as Record<string, unknown> | null;
  const child = fields?.childId;
  return {
    ...rest,
    op,
    recordId,
    body: fields,
    label,
    childId: typeof child === "string" ? child : null,
    screen: screenOf ? screenOf(fields ?? {}) : window.location.pathname,
  };
}

/** A typed entry's create, under the id its form made: see `save`. */
export function saveCreate(
  target: SaveTarget,
  recordId: string,
  body: unknown,
  label: string,
  childId?: string,
): Promise<SaveOutcome> {
  const input = inputOf(target, "create", recordId, body, label);
  return save(childId ? { ...input, childId } : input);
}

/**
 * An edit or a delete: sent at once (`direct`), unless its record still has an entry waiting
 * here (then it joins it, see `planSave`); one that cannot reach the server waits, with the
 * version it was based on (`If-Match` when it is sent).
 */
export async function saveChange(
  target: SaveTarget,
  op: "update" | "delete",
  recordId: string,
  body: unknown,
  label: string,
  direct: () => Promise<unknown>,
  baseVersion?: number,
): Promise<SaveOutcome> {
  const input = inputOf(target, op, recordId, body, label);
  if (baseVersion !== undefined) input.baseVersion = baseVersion;
  if (await holds(target.owner, target.path, recordId)) return save(input);
  try {
    return { sent: true, record: await direct() };
  } catch (err) {
    if (!(err instanceof ConnectionError)) throw err;
    return save(input, { send: false });
  }
}

/**
 * The person's answer to a refused entry: `confirm` sends it as meant (a second dose, with
 * `confirm: true`), `retry` as it was (the reason may have gone), `overwrite` an edit or delete
 * refused because someone changed the record meanwhile (412), now based on the version the server
 * answered, so this phone's change replaces theirs. It then waits like any other.
 */
export async function answerRefusal(id: string, answer: "confirm" | "retry" | "overwrite"): Promise<void> {
  await changeEntry(id, ({ refusal, ...entry }) => {
    if (answer === "confirm") return { ...entry, body: { ...entry.body, confirm: true } };
    if (answer === "overwrite") {
      const version = (refusal?.current as { version?: unknown } | undefined)?.version;
      return typeof version === "number" ? { ...entry, baseVersion: version } : entry;
    }
    return entry;
  });
  await refresh();
}

/** Drops an entry the person chose to discard. */
export async function discard(id: string): Promise<void> {
  await removeEntry(id);
  await refresh();
}

const adopted = new Set<string>();

/**
 * Moves the saves kept in local storage by earlier versions of the app into the outbox, once: a
 * person's in a family (and those kept under the person alone, before families, go to the family
 * in use).
 */
export async function adoptEarlierSaves(owner: string): Promise<void> {
  if (adopted.has(owner) || !owner.includes(":")) return;
  adopted.add(owner);
  if ((await adoptLegacyPending(owner, saveEntry, parts.newId)) > 0) await refresh();
}

/** Whether a record has an entry waiting on this device (its create, an edit or its delete). */
export async function holds(owner: string, path: string, recordId: string): Promise<boolean> {
  return (await entriesOf(owner)).some((e) => e.path === path && e.recordId === recordId);
}

/**
 * How many of `owner`'s entries have not reached the server (waiting, or refused and kept); the
 * person alone (no family) counts what an app from before families kept in local storage.
 */
export async function waitingToSendCount(owner: string): Promise<number> {
  await adoptEarlierSaves(owner);
  return (await entriesOf(owner)).length + legacyPendingCount(owner);
}

/**
 * Drops every entry of `owner`, and what local storage kept for them (signing out, asked first);
 * the database itself goes once nobody's entries are left in it.
 */
export async function discardAll(owner: string): Promise<void> {
  await Promise.all((await entriesOf(owner)).map((e) => removeEntry(e.id)));
  forgetLegacyPending(owner);
  await refresh();
  await deleteOutboxIfEmpty();
}
