import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { installIndexedDb, removeIndexedDb } from "../../../../tests/helpers/fake-indexeddb";
import { ConnectionError } from "../api";
import { uuidv7 } from "../uuidv7";
import type { OutboxEntry } from "./entry";
import { oneSenderAtATime, type SendRun, sendWaiting, unlessConnectionJustFailed } from "./send";
import { changeEntry, closeOutboxStore, entriesOf, saveEntry } from "./store";

const MARIA = "user-maria:family-lopez";
const ROSA = "user-rosa:family-lopez";

/** An error as `requestJson` throws it for an answer: "<status>: <body>". */
const answered = (status: number, body: object) => new Error(`${status}: ${JSON.stringify(body)}`);

async function keep(fields: Partial<OutboxEntry>): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    id: uuidv7(),
    op: "create",
    path: "/api/tpn",
    recordId: uuidv7(),
    body: { childId: "child-1", date: "2026-11-28", volume: 1200 },
    label: "TPN entry",
    queryKeys: [["tpn"]],
    owner: MARIA,
    savedAt: new Date().toISOString(),
    attempts: 0,
    ...fields,
  };
  await saveEntry(entry);
  return entry;
}

/**
 * The server as the run meets it: each request answers what `answer` says for its entry (an
 * error thrown as the client's requests throw them), and every request is noted.
 */
function server(answer: (entry: OutboxEntry) => unknown = () => ({ version: 1 })) {
  const requests: OutboxEntry[] = [];
  const send = async (entry: OutboxEntry) => {
    requests.push(entry);
    const result = answer(entry);
    if (result instanceof Error) throw result;
    return result;
  };
  return { requests, deps: { entriesOf, changeEntry, send } };
}

beforeEach(async () => {
  await closeOutboxStore();
  installIndexedDb();
});
afterAll(async () => {
  await closeOutboxStore();
  removeIndexedDb();
});

describe("sending what waits on this device", () => {
  it("sends one person's entries oldest first, each once, and takes each out as it arrives", async () => {
    const bag = await keep({ label: "TPN entry" });
    const temperature = await keep({ path: "/api/vitals", label: "temperature" });
    const dose = await keep({ path: "/api/medication-doses", label: "dose of Ursodiol" });
    const { requests, deps } = server((entry) => ({ id: entry.recordId, version: 1 }));
    const run = await sendWaiting(MARIA, deps);
    expect(requests.map((e) => e.id)).toEqual([bag.id, temperature.id, dose.id]);
    expect(run.sent.map((s) => s.record)).toEqual([
      { id: bag.recordId, version: 1 },
      { id: temperature.recordId, version: 1 },
      { id: dose.recordId, version: 1 },
    ]);
    expect(run.stopped).toBeUndefined();
    expect(await entriesOf(MARIA)).toEqual([]);
  });

  it("never sends another person's entries, even for a record of the same family", async () => {
    const rosas = await keep({ owner: ROSA, label: "dose of Ursodiol" });
    const marias = await keep({ label: "TPN entry" });
    const { requests, deps } = server();
    await sendWaiting(MARIA, deps);
    expect(requests.map((e) => e.id)).toEqual([marias.id]);
    expect(await entriesOf(ROSA)).toEqual([rosas]);
  });

  for (const [why, failure, reason] of [
    ["no connection", new ConnectionError(new TypeError("Failed to fetch")), "connection"],
    ["the session ended", answered(401, { message: "Not signed in" }), "signed-out"],
    ["too many requests", answered(429, { message: "Too many requests" }), "busy"],
    ["a server fault", answered(503, { message: "Service unavailable" }), "server"],
  ] as const) {
    it(`stops at ${why}, keeping that entry and every later one for the next try`, async () => {
      const first = await keep({ label: "TPN entry" });
      const second = await keep({ label: "temperature" });
      const third = await keep({ label: "dose of Ursodiol" });
      const { requests, deps } = server((entry) => (entry.id === second.id ? failure : { version: 1 }));
      const run = await sendWaiting(MARIA, deps);
      expect(requests.map((e) => e.id)).toEqual([first.id, second.id]);
      expect(run.stopped).toMatchObject({ reason, entry: { id: second.id } });
      expect(await entriesOf(MARIA)).toEqual([
        { ...second, attempts: 1 },
        { ...third, attempts: 0 },
      ]);
    });
  }

  it("notes a create whose answer never came as maybe arrived, and one that could not go out as not", async () => {
    const hung = await keep({ label: "TPN entry" });
    const timeout = new ConnectionError(new DOMException("signal timed out", "TimeoutError"));
    await sendWaiting(MARIA, server(() => timeout).deps);
    expect(await entriesOf(MARIA)).toMatchObject([{ id: hung.id, attempts: 1, maybeSent: true }]);

    const offline = await keep({ owner: ROSA, label: "temperature" });
    await sendWaiting(ROSA, server(() => new ConnectionError(new TypeError("Failed to fetch"))).deps);
    const [kept] = await entriesOf(ROSA);
    expect(kept).toMatchObject({ id: offline.id, attempts: 1 });
    expect(kept?.maybeSent).toBeUndefined();
  });

  it("keeps a refused entry with the server's reason and fields, and goes on with the others", async () => {
    const wrong = await keep({ label: "temperature", path: "/api/vitals" });
    const fine = await keep({ label: "TPN entry" });
    const { requests, deps } = server((entry) =>
      entry.id === wrong.id
        ? answered(400, {
            message: "Value must be at most 45 °C",
            issues: [{ path: "value", message: "Value must be at most 45 °C" }],
          })
        : { version: 1 },
    );
    const run = await sendWaiting(MARIA, deps);
    expect(requests.map((e) => e.id)).toEqual([wrong.id, fine.id]);
    expect(run.refused.map((r) => r.entry.id)).toEqual([wrong.id]);
    const [kept] = await entriesOf(MARIA);
    expect(kept).toMatchObject({
      id: wrong.id,
      attempts: 1,
      refusal: {
        status: 400,
        message: "Value must be at most 45 °C",
        issues: [{ path: "value", message: "Value must be at most 45 °C" }],
      },
    });
    // Not sent again by itself: it waits for the person's answer.
    const again = server();
    await sendWaiting(MARIA, again.deps);
    expect(again.requests).toEqual([]);
  });

  it("keeps a dose's question and a usage beyond the stock with the server's words", async () => {
    const dose = await keep({ path: "/api/medication-doses", label: "dose of Ursodiol" });
    const usage = await keep({ path: "/api/supply-usage", label: "usage of Filters (3 each)" });
    const lastDose = { givenAt: "2026-11-28T03:00:00.000Z", givenBy: "Rosa Diaz" };
    const stock = "Only 2 each of Filters left in stock: a usage of 3 is more than the stock.";
    const { deps } = server((entry) =>
      entry.id === dose.id
        ? answered(409, { message: "Ursodiol was given at 03:00 by Rosa Diaz", lastDose })
        : answered(409, { message: stock }),
    );
    await sendWaiting(MARIA, deps);
    expect(await entriesOf(MARIA)).toMatchObject([
      { id: dose.id, refusal: { status: 409, tooSoon: { lastDose } } },
      { id: usage.id, refusal: { status: 409, message: stock } },
    ]);
  });

  it("holds an edit behind its record's refused create, and sends other records' entries", async () => {
    const create = await keep({ label: "TPN entry" });
    await changeEntry(create.id, (e) => ({ ...e, refusal: { status: 400, message: "Date is required" } }));
    // A delete of another record, based on its version: sent with it.
    const other = await keep({ op: "delete", recordId: uuidv7(), body: null, baseVersion: 7 });
    const { requests, deps } = server(() => undefined);
    await sendWaiting(MARIA, deps);
    expect(requests.map((e) => e.id)).toEqual([other.id]);
    expect(requests[0]?.baseVersion).toBe(7);
  });

  it("counts a delete of a record already gone, and a stale edit the record already holds, as arrived", async () => {
    const gone = await keep({ op: "delete", body: null, baseVersion: 2 });
    const arrived = await keep({ op: "update", body: { volume: 1100 }, baseVersion: 3 });
    const stale = await keep({ op: "update", body: { volume: 900 }, baseVersion: 3 });
    const current = { id: arrived.recordId, volume: 1100, version: 4 };
    const { deps } = server((entry) =>
      entry.id === gone.id
        ? answered(404, { message: "Record not found" })
        : entry.id === arrived.id
          ? answered(412, { message: "Changed meanwhile", current })
          : answered(412, { message: "Changed meanwhile", current: { volume: 1000, version: 5 } }),
    );
    const run = await sendWaiting(MARIA, deps);
    expect(run.sent.map((s) => s.entry.id)).toEqual([gone.id, arrived.id]);
    // A change that met another one is kept, with the record as it is now, for the person to compare.
    expect(await entriesOf(MARIA)).toMatchObject([
      { id: stale.id, refusal: { status: 412, message: "Changed meanwhile", current: { volume: 1000 } } },
    ]);
  });

  it("keeps a create changed while it was on the way, as an edit of the record that arrived", async () => {
    const create = await keep({ body: { childId: "child-1", volume: 1200 } });
    const { deps } = server(() => ({ id: create.recordId, version: 1 }));
    const send = deps.send;
    deps.send = async (entry) => {
      const answer = await send(entry);
      await saveEntry({ ...create, id: uuidv7(), op: "update", body: { volume: 1250 } });
      return answer;
    };
    await sendWaiting(MARIA, deps);
    expect(await entriesOf(MARIA)).toMatchObject([
      { id: create.id, op: "update", body: { childId: "child-1", volume: 1250 }, baseVersion: 1 },
    ]);
  });

  it("lets one run send at a time: a second waits for the first to finish", async () => {
    const order: string[] = [];
    let finish = () => {};
    const first = oneSenderAtATime(async () => {
      order.push("first starts");
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      order.push("first ends");
    });
    const second = oneSenderAtATime(async () => {
      order.push("second starts");
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(["first starts"]);
    finish();
    await Promise.all([first, second]);
    expect(order).toEqual(["first starts", "first ends", "second starts"]);
  });

  it("does not try again at once when the run it waited behind found no connection", async () => {
    // A connection that hangs: a save's form would wait out a second full try otherwise.
    const entry = await keep({});
    const lost: SendRun = {
      sent: [],
      refused: [],
      stopped: { reason: "connection", entry, error: new Error("no answer") },
    };
    let finish = () => {};
    let runs = 0;
    const first = unlessConnectionJustFailed(MARIA, async () => {
      runs += 1;
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return lost;
    });
    const queued = unlessConnectionJustFailed(MARIA, async () => {
      runs += 1;
      return { sent: [], refused: [] };
    });
    // Another person's run, and one asked for once the connection is back, do try.
    const rosas = unlessConnectionJustFailed(ROSA, async () => {
      runs += 1;
      return { sent: [], refused: [] };
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    finish();
    expect(await first).toBe(lost);
    expect(await queued).toBe(lost);
    await rosas;
    expect(runs).toBe(2);
    const later = await unlessConnectionJustFailed(MARIA, async () => {
      runs += 1;
      return { sent: [], refused: [] };
    });
    expect(later).toEqual({ sent: [], refused: [] });
    expect(runs).toBe(3);
  });
});
