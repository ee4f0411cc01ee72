/**
 * Sending the outbox: one person's entries, oldest first, each safe to send again (a create
 * carries its record's id and that id as its Idempotency-Key; an edit or delete its record's id
 * and the version it was based on). What to do with each answer is decided here.
 */
import {
  ConnectionError,
  errorIssues,
  errorMessage,
  errorStatus,
  requestJson,
  SAVE_TIMEOUT_MS,
} from "../api";
import { tooSoonOf } from "../too-soon";
import type { OutboxEntry, Refusal } from "./entry";

/**
 * Why a run stopped before its end (the rest wait for the next try): no connection (or no answer
 * in time), the session ended (401: sent again once the person signs in), too many requests
 * (429), or a fault of the server (5xx).
 */
export type StopReason = "connection" | "signed-out" | "busy" | "server";

export interface SendRun {
  /** What arrived, with the server's answer (the record; nothing for a delete). */
  sent: { entry: OutboxEntry; record: unknown }[];
  /** What the server refused: each waits, with its refusal, for the person's answer. */
  refused: { entry: OutboxEntry; error: unknown }[];
  stopped?: { reason: StopReason; entry: OutboxEntry; error: unknown };
}

/** What a run needs: the outbox's storage and the request (the network, or a test's stand-in). */
export interface SendDeps {
  entriesOf: (owner: string) => Promise<OutboxEntry[]>;
  changeEntry: (
    id: string,
    change: (entry: OutboxEntry) => OutboxEntry | null,
  ) => Promise<OutboxEntry | null>;
  send: (entry: OutboxEntry) => Promise<unknown>;
}

/** The request an entry makes. Throws as `requestJson` does ("<status>: <body>", or ConnectionError). */
export function sendEntry(entry: OutboxEntry): Promise<unknown> {
  const url = `${entry.path}/${encodeURIComponent(entry.recordId)}`;
  const ifMatch: Record<string, string> =
    entry.baseVersion === undefined ? {} : { "If-Match": `"${entry.baseVersion}"` };
  const timeoutMs = SAVE_TIMEOUT_MS;
  switch (entry.op) {
    case "create":
      return requestJson(
        "POST",
        entry.path,
        { ...entry.body, id: entry.recordId },
        {
          headers: { "Idempotency-Key": entry.recordId },
          timeoutMs,
        },
      );
    case "update":
      return requestJson(entry.method ?? "PATCH", url, entry.body ?? {}, { headers: ifMatch, timeoutMs });
    case "delete":
      return requestJson("DELETE", url, undefined, { headers: ifMatch, timeoutMs });
  }
}

/** Whether a failure stops the run, and why; null for a refusal of this entry alone. */
export function stopReasonOf(err: unknown): StopReason | null {
  const status = errorStatus(err);
  if (err instanceof ConnectionError || status === undefined || status === 408) return "connection";
  if (status === 401) return "signed-out";
  if (status === 429) return "busy";
  if (status >= 500) return "server";
  return null;
}

/** A request that went out and whose answer did not come in time: it may have arrived. */
const timedOut = (err: unknown) =>
  err instanceof ConnectionError && err.cause instanceof DOMException && err.cause.name === "TimeoutError";

/** The error envelope's fields (`{ message, current, ... }`), when the answer had one. */
function envelopeOf(err: unknown): Record<string, unknown> | null {
  if (!(err instanceof Error)) return null;
  try {
    const body: unknown = JSON.parse(err.message.slice(err.message.indexOf(":") + 1));
    return body && typeof body === "object" ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A refusal as the item shows it: the server's words, the fields, a dose's question, a 412's record. */
export function refusalOf(err: unknown): Refusal {
  const status = errorStatus(err) ?? 0;
  const issues = errorIssues(err);
  const tooSoon = tooSoonOf(err);
  const current = status === 412 ? envelopeOf(err)?.current : undefined;
  return {
    status,
    // A value to correct says so in the field's own words ("Date cannot be in the future").
    message: issues.length ? issues.map((issue) => issue.message).join(" ") : errorMessage(err),
    ...(issues.length ? { issues } : {}),
    ...(tooSoon ? { tooSoon } : {}),
    ...(current !== undefined ? { current } : {}),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A failure that says the change is already there: a delete of a record that is gone, or an
 * edit refused as stale whose record already holds every value it sends (its first try arrived,
 * only the answer was lost).
 */
function alreadyThere(entry: OutboxEntry, err: unknown): boolean {
  const status = errorStatus(err);
  if (entry.op === "delete") return status === 404;
  if (entry.op !== "update" || status !== 412 || !entry.body) return false;
  const current = envelopeOf(err)?.current;
  if (!current || typeof current !== "object") return false;
  return Object.entries(entry.body).every(([key, value]) =>
    same((current as Record<string, unknown>)[key], value),
  );
}

/**
 * Sends `owner`'s entries, oldest first, and only theirs. An entry the server refused is left for
 * the person, and so is every later entry of the same record (an edit waits behind its create).
 * The run stops at the first entry that cannot be sent now (`StopReason`). An entry changed while
 * its request was on the way is kept with the change (a create that arrived becomes an edit).
 */
export async function sendWaiting(owner: string, deps: SendDeps): Promise<SendRun> {
  const run: SendRun = { sent: [], refused: [] };
  const held = new Set<string>();
  for (const entry of await deps.entriesOf(owner)) {
    const record = `${entry.path} ${entry.recordId}`;
    if (entry.owner !== owner) continue;
    if (entry.refusal || held.has(record)) {
      held.add(record);
      continue;
    }
    let answer: unknown;
    try {
      answer = await deps.send(entry);
    } catch (err) {
      if (alreadyThere(entry, err)) {
        await arrived(deps, entry, undefined);
        run.sent.push({ entry, record: undefined });
        continue;
      }
      const reason = stopReasonOf(err);
      const refusal = reason ? undefined : refusalOf(err);
      const hung = entry.op === "create" && timedOut(err);
      const stored = await deps.changeEntry(entry.id, (now) => ({
        ...now,
        attempts: now.attempts + 1,
        // Changed meanwhile: the change is sent next time, not refused for what it was.
        ...(refusal && same(now.body, entry.body) ? { refusal } : {}),
        ...(hung ? { maybeSent: true } : {}),
      }));
      if (reason) {
        run.stopped = { reason, entry, error: err };
        break;
      }
      held.add(record);
      if (stored?.refusal) run.refused.push({ entry: stored, error: err });
      continue;
    }
    await arrived(deps, entry, answer);
    run.sent.push({ entry, record: answer });
  }
  return run;
}

/** Takes an entry that arrived out of the outbox, unless it was changed while on the way. */
function arrived(deps: SendDeps, sent: OutboxEntry, answer: unknown) {
  return deps.changeEntry(sent.id, (now) => {
    if (same(now.body, sent.body) && now.op === sent.op) return null;
    if (now.op !== "create") return now;
    const version = (answer as { version?: unknown } | undefined)?.version;
    return { ...now, op: "update", ...(typeof version === "number" ? { baseVersion: version } : {}) };
  });
}

let guard: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` while no other tab of this site sends (the Web Locks API), or at least no other
 * run in this tab where the browser has no locks.
 */
export function oneSenderAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (locks) return locks.request("mct-outbox-send", work);
  const run = guard.then(work, work);
  guard = run.catch(() => undefined);
  return run;
}

/** The last run of this tab that stopped for want of a connection: whose, and when it ended. */
let lostConnection: { owner: string; endedAt: number; run: SendRun } | null = null;

/**
 * One run of `owner`'s entries, one sender at a time; but a run asked for while the run before it
 * was still trying, and that run then found no connection (or no answer in time), answers that
 * run's outcome instead of trying again at once. On a connection that hangs, a save's form would
 * otherwise wait out a second full try behind the one that just gave up (the outbox's start, say,
 * sending the entry as it was saved); what waits is sent at the next try (back online, the page
 * shown again, every 30 s).
 */
export function unlessConnectionJustFailed(owner: string, work: () => Promise<SendRun>): Promise<SendRun> {
  const askedAt = performance.now();
  return oneSenderAtATime(async () => {
    const lost = lostConnection;
    if (lost && lost.owner === owner && lost.endedAt >= askedAt) return lost.run;
    const run = await work();
    lostConnection = run.stopped?.reason === "connection" ? { owner, endedAt: performance.now(), run } : null;
    return run;
  });
}
