import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { installIndexedDb, removeIndexedDb } from "../../../../tests/helpers/fake-indexeddb";
import { uuidv7 } from "../uuidv7";
import type { OutboxEntry } from "./entry";
import { adoptLegacyPending } from "./legacy";
import {
  allEntries,
  changeEntry,
  closeOutboxStore,
  deleteOutboxIfEmpty,
  entriesOf,
  removeEntry,
  saveEntry,
} from "./store";

const MARIA = "user-maria:family-lopez";
const ROSA = "user-rosa:family-lopez";

function entry(fields: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: uuidv7(),
    op: "create",
    path: "/api/vitals",
    recordId: uuidv7(),
    body: { childId: "child-1", kind: "temperature", value: 38.4, date: "2026-11-28", time: "03:12" },
    label: "temperature",
    queryKeys: [["vitals"]],
    owner: MARIA,
    savedAt: "2026-11-28T03:12:40.000Z",
    attempts: 0,
    ...fields,
  };
}

beforeEach(async () => {
  await closeOutboxStore();
  installIndexedDb();
});
afterAll(async () => {
  await closeOutboxStore();
  removeIndexedDb();
});

describe("the outbox on this device", () => {
  it("keeps each save, per person, oldest first, and reads it back from the database", async () => {
    const first = entry();
    const second = entry({ path: "/api/tpn", label: "TPN entry" });
    const rosas = entry({ owner: ROSA, label: "dose of Ursodiol" });
    await saveEntry(first);
    await saveEntry(rosas);
    await saveEntry(second);
    // Read again through a new connection: what was reported stored is on the disk.
    await closeOutboxStore();
    expect((await entriesOf(MARIA)).map((e) => e.label)).toEqual(["temperature", "TPN entry"]);
    expect((await entriesOf(ROSA)).map((e) => e.label)).toEqual(["dose of Ursodiol"]);
    expect(await allEntries()).toHaveLength(3);
    expect((await entriesOf(MARIA))[0]).toEqual(first);
  });

  it("changes an unsent create when it is edited: it stays one create, in its place", async () => {
    const create = entry();
    const later = entry({ path: "/api/tpn" });
    await saveEntry(create);
    await saveEntry(later);
    const plan = await saveEntry(
      entry({
        op: "update",
        recordId: create.recordId,
        body: { value: 38.9 },
        label: "change to temperature",
      }),
    );
    expect(plan.result).toBe("merged");
    const [kept, next] = await entriesOf(MARIA);
    expect(next?.id).toBe(later.id);
    expect(kept).toMatchObject({ id: create.id, op: "create", label: "temperature" });
    expect(kept?.body).toEqual({ ...create.body, value: 38.9 });
  });

  it("sends the same create again under its id when its form saves it again, with the new values", async () => {
    const create = entry();
    await saveEntry(create);
    const again = await saveEntry(
      entry({ recordId: create.recordId, body: { ...create.body, value: 37.9 } }),
    );
    expect(again.result).toBe("merged");
    expect(await entriesOf(MARIA)).toEqual([{ ...create, body: { ...create.body, value: 37.9 } }]);
  });

  it("takes an unsent create away when its record is deleted: nothing is left to send", async () => {
    const create = entry();
    await saveEntry(create);
    const plan = await saveEntry(entry({ op: "delete", recordId: create.recordId, body: null }));
    expect(plan.result).toBe("discarded");
    expect(await entriesOf(MARIA)).toEqual([]);
  });

  it("joins edits of a record already on the server, keeping the version the first was based on", async () => {
    const recordId = uuidv7();
    await saveEntry(entry({ op: "update", recordId, body: { value: 38 }, baseVersion: 3 }));
    await saveEntry(entry({ op: "update", recordId, body: { notes: "after Tylenol" }, baseVersion: 4 }));
    expect(await entriesOf(MARIA)).toMatchObject([
      { op: "update", recordId, body: { value: 38, notes: "after Tylenol" }, baseVersion: 3 },
    ]);
    // Then deleted: only the delete waits, based on that version.
    await saveEntry(entry({ op: "delete", recordId, body: null }));
    expect(await entriesOf(MARIA)).toMatchObject([{ op: "delete", recordId, baseVersion: 3 }]);
  });

  it("clears the refusal of an entry that is changed: it is sent again as changed", async () => {
    const create = entry({ refusal: { status: 400, message: "Value must be at most 45" } });
    await saveEntry(create);
    await saveEntry(entry({ op: "update", recordId: create.recordId, body: { value: 38.2 } }));
    const [kept] = await entriesOf(MARIA);
    expect(kept?.refusal).toBeUndefined();
  });

  it("leaves a create that may have arrived as it is: an edit waits after it, a delete in its stead", async () => {
    const create = entry({ maybeSent: true, attempts: 1 });
    await saveEntry(create);
    await saveEntry(entry({ recordId: create.recordId, body: { ...create.body, value: 37.9 } }));
    expect(await entriesOf(MARIA)).toMatchObject([
      { id: create.id, op: "create", body: create.body },
      { op: "update", recordId: create.recordId, body: { value: 37.9 } },
    ]);
    await saveEntry(entry({ op: "delete", recordId: create.recordId, body: null }));
    expect(await entriesOf(MARIA)).toMatchObject([{ op: "delete", recordId: create.recordId }]);
  });

  it("never joins one person's change to another person's entry for the same record", async () => {
    const create = entry();
    await saveEntry(create);
    await saveEntry(entry({ owner: ROSA, op: "update", recordId: create.recordId, body: { value: 36.6 } }));
    expect((await entriesOf(MARIA))[0]?.body).toEqual(create.body);
    expect(await entriesOf(ROSA)).toMatchObject([{ op: "update", body: { value: 36.6 } }]);
  });

  it("changes and removes one entry, and says when it is gone", async () => {
    const saved = entry();
    await saveEntry(saved);
    expect(await changeEntry(saved.id, (e) => ({ ...e, attempts: e.attempts + 1 }))).toMatchObject({
      attempts: 1,
    });
    await removeEntry(saved.id);
    expect(await changeEntry(saved.id, (e) => e)).toBeNull();
    expect(await allEntries()).toEqual([]);
  });
});

describe("the outbox's database", () => {
  const names = async () => (await indexedDB.databases()).map((db) => db.name);

  it("is deleted once nobody's entries are left in it, and only then", async () => {
    const marias = entry();
    await saveEntry(marias);
    await saveEntry(entry({ owner: ROSA }));
    await removeEntry(marias.id);
    expect(await deleteOutboxIfEmpty()).toBe(false);
    expect(await names()).toEqual(["mct-outbox"]);
    for (const rosas of await entriesOf(ROSA)) await removeEntry(rosas.id);
    expect(await deleteOutboxIfEmpty()).toBe(true);
    expect(await names()).toEqual([]);
  });
});

describe("entries kept in local storage by the app before the outbox", () => {
  function storageWith(items: Record<string, string>): Storage {
    const map = new Map(Object.entries(items));
    return {
      get length() {
        return map.size;
      },
      clear: () => map.clear(),
      getItem: (key) => map.get(key) ?? null,
      key: (index) => [...map.keys()][index] ?? null,
      removeItem: (key) => void map.delete(key),
      setItem: (key, value) => void map.set(key, value),
    };
  }

  it("moves them into the outbox once, under their keys, with a refusal kept", async () => {
    const kept = [
      {
        key: "0b1c9a2e-4f1d-4c1a-9d3b-2f6a7e8c9d0e",
        path: "/api/symptoms",
        body: { childId: "child-1", symptoms: ["nausea"] },
        label: "symptom entry",
        queryKeys: [["symptoms"]],
        savedAt: "2026-11-27T22:10:00.000Z",
      },
      {
        key: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
        path: "/api/medication-doses",
        body: { medicationId: "med-1", givenAt: "2026-11-27T22:15:00.000Z", status: "given" },
        label: "dose of Ursodiol",
        queryKeys: [["medication-doses"]],
        savedAt: "2026-11-27T22:15:30.000Z",
        refused: {
          message: "Ursodiol was given shortly before",
          tooSoon: {
            message: "Ursodiol was given shortly before",
            lastDose: { givenAt: "2026-11-27T22:00:00.000Z", givenBy: "Rosa Diaz" },
          },
        },
      },
    ];
    const storage = storageWith({
      [`mct-pending:${MARIA}`]: JSON.stringify(kept),
      "mct-pending:someone-else:family-x": JSON.stringify(kept),
    });
    expect(await adoptLegacyPending(MARIA, saveEntry, uuidv7, storage)).toBe(2);
    expect(await entriesOf(MARIA)).toMatchObject([
      { op: "create", recordId: kept[0]?.key, label: "symptom entry", childId: "child-1" },
      { recordId: kept[1]?.key, refusal: { status: 409, tooSoon: { lastDose: { givenBy: "Rosa Diaz" } } } },
    ]);
    expect(storage.getItem(`mct-pending:${MARIA}`)).toBeNull();
    // Another person's stay where they are, and a second run moves nothing more.
    expect(storage.getItem("mct-pending:someone-else:family-x")).not.toBeNull();
    expect(await adoptLegacyPending(MARIA, saveEntry, uuidv7, storage)).toBe(0);
    expect(await allEntries()).toHaveLength(2);
  });
});
