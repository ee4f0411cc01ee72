/**
 * The one HTTP client of the app. Every call carries the session cookie; any non-OK response
 * becomes `Error("<status>: <body text or status text>")` (spec section 8).
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A field problem reported by the server in its error envelope. */
export interface ApiIssue {
  path: string;
  message: string;
}

interface ErrorEnvelope {
  message: string;
  issues?: ApiIssue[];
}

/**
 * How far this device's clock is from the server's (ms; positive: ahead), from the `Date` of the
 * answers: a form's "now" comes from the device, so a clock set wrong dates entries wrongly.
 */
let clockOffset = 0;

/** Its event on `window` when the offset changes (`components/pending/clock-notice.tsx` listens). */
export const CLOCK_CHANGED = "mct-device-clock";

function noteServerDate(res: Response): void {
  const server = Date.parse(res.headers.get("date") ?? "");
  // The header counts whole seconds and the answer took its time: only a change of a minute counts
  // (and none without a date: NaN compares false).
  if (!(Math.abs(Date.now() - server - clockOffset) >= 60_000)) return;
  clockOffset = Date.now() - server;
  window.dispatchEvent(new Event(CLOCK_CHANGED));
}

export const deviceClockOffset = () => clockOffset;

/** A refusal from the server, with when its request went out (`performance.now()`). */
class ApiError extends Error {
  constructor(
    message: string,
    readonly sentAt: number,
  ) {
    super(message);
  }
}

async function throwIfNotOk(res: Response, sentAt: number): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => "");
  throw new ApiError(`${res.status}: ${text || res.statusText}`, sentAt);
}

/**
 * When the request that failed went out (`performance.now()`): a 401 to a request sent before the
 * person signed in again speaks of the session that ended. Unknown: now.
 */
export function requestSentAt(err: unknown): number {
  return err instanceof ApiError ? err.sentAt : performance.now();
}

/**
 * The server could not be reached, or did not answer in time: the request may or may not have
 * arrived. (A create sent with an Idempotency-Key can then be sent again safely.)
 */
export class ConnectionError extends Error {
  constructor(cause?: unknown) {
    super("Could not reach the server. Check your connection and try again.", { cause });
    this.name = "ConnectionError";
  }
}

/** How long a save waits for the server before its entry waits on this device instead. */
export const SAVE_TIMEOUT_MS = 5000;

export interface RequestOptions {
  /** Extra request headers (an `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** Gives up after this long (a `ConnectionError`), instead of waiting on a dead connection. */
  timeoutMs?: number;
}

/** Sends a request (with a JSON body when `body` is given) and returns the OK response. */
export async function apiRequest(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const hasBody = body !== undefined;
  const sentAt = performance.now();
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "include",
      headers: {
        ...(hasBody ? { "Content-Type": "application/json" } : {}),
        Accept: "application/json",
        ...options.headers,
      },
      body: hasBody ? JSON.stringify(body) : undefined,
      ...(options.timeoutMs ? { signal: AbortSignal.timeout(options.timeoutMs) } : {}),
    });
  } catch (err) {
    // fetch() rejects with a TypeError when the server cannot be reached, an abort on the timeout.
    if (err instanceof TypeError || (err instanceof DOMException && err.name === "TimeoutError")) {
      throw new ConnectionError(err);
    }
    throw err;
  }
  noteServerDate(res);
  await throwIfNotOk(res, sentAt);
  return res;
}

/** Sends a request and parses the JSON answer; a 204 (or empty body) gives `undefined`. */
export async function requestJson<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const res = await apiRequest(method, path, body, options);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export type On401 = "returnNull" | "throw";

/** A GET of JSON; a server that cannot be reached is a `ConnectionError`, as for `apiRequest`. */
async function get(path: string): Promise<Response> {
  try {
    const res = await fetch(path, { credentials: "include", headers: { Accept: "application/json" } });
    noteServerDate(res);
    return res;
  } catch (err) {
    throw err instanceof TypeError ? new ConnectionError(err) : err;
  }
}

/** GETs JSON. With `on401: "returnNull"` a 401 answers `null` instead of throwing. */
export async function getJson<T>(path: string, options: { on401: "returnNull" }): Promise<T | null>;
export async function getJson<T>(path: string, options?: { on401: "throw" }): Promise<T>;
export async function getJson<T>(
  path: string,
  options: { on401: On401 } = { on401: "throw" },
): Promise<T | null> {
  const sentAt = performance.now();
  const res = await get(path);
  if (options.on401 === "returnNull" && res.status === 401) return null;
  await throwIfNotOk(res, sentAt);
  return (await res.json()) as T;
}

const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

function parseEnvelope(text: string): ErrorEnvelope | null {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object" && typeof (body as ErrorEnvelope).message === "string") {
      return body as ErrorEnvelope;
    }
  } catch {
    // Not JSON (a proxy's HTML page, plain text): the caller falls back to the raw text.
  }
  return null;
}

/** The HTTP status of an error thrown by `apiRequest`/`getJson`, if it carries one. */
export function errorStatus(err: unknown): number | undefined {
  if (!(err instanceof Error)) return undefined;
  const match = STATUS_PREFIX.exec(err.message);
  return match ? Number(match[1]) : undefined;
}

/** The per-field problems of a 400 answer, or an empty list. */
export function errorIssues(err: unknown): ApiIssue[] {
  if (!(err instanceof Error)) return [];
  const match = STATUS_PREFIX.exec(err.message);
  const issues = match ? parseEnvelope(match[2] ?? "")?.issues : undefined;
  return Array.isArray(issues) ? issues.filter((i) => typeof i?.message === "string") : [];
}

/** A sentence a person can read, for toasts and form alerts, from any thrown value. */
export function errorMessage(err: unknown, fallback = "Something went wrong. Please try again."): string {
  if (!(err instanceof Error)) return fallback;
  if (err instanceof ConnectionError) return err.message;
  // fetch() rejects with a TypeError when the server cannot be reached at all.
  if (err instanceof TypeError && /fetch|network|load failed/i.test(err.message)) {
    return "Could not reach the server. Check your connection and try again.";
  }
  const match = STATUS_PREFIX.exec(err.message);
  if (!match) return err.message || fallback;
  const text = (match[2] ?? "").trim();
  const envelope = parseEnvelope(text);
  if (envelope) return envelope.message || fallback;
  if (!text || text.startsWith("<")) return fallback;
  return text;
}

/** One page of a paged list: its records, and the address of the next page (the Link header). */
export interface ListPage<T> {
  items: T[];
  next: string | null;
}

/** GETs one page of a paged list; `next` is the `rel="next"` link the server sent, if any. */
export async function getPage<T>(path: string): Promise<ListPage<T>> {
  const sentAt = performance.now();
  const res = await get(path);
  await throwIfNotOk(res, sentAt);
  const link = res.headers.get("link");
  const next = link ? (/<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null) : null;
  return { items: (await res.json()) as T[], next };
}
