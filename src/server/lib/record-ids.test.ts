import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../tests/helpers/family";
import { addChild } from "../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../tests/helpers/test-app";
import { queryRows } from "../../../tests/helpers/test-database";
import { RECORD_ID_TAKEN } from "./record-ids";

/**
 * A device makes the id of each record it saves (an entry made offline), and sends the create
 * again until it hears back: the same create is one record, whatever arrives twice or at once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const symptom = { date: "2026-11-20", time: "03:10", symptoms: "fever", painLevel: 6 };
const taken = { message: RECORD_ID_TAKEN };

const post = (user: TestUser, url: string, body: Record<string, unknown>) => user.post(url, body);
const listOf = async (user: TestUser, url: string) => (await user.get(url)).json() as { id: string }[];

describe("a create sent with the id its device made", () => {
  it("sent five times is one record, kept under that id: 201 first, then 200 with the same record", async () => {
    const user = await signUp(t.app);
    const id = randomUUID();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await post(user, "/api/symptoms", { ...symptom, id }));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 200, 200, 200, 200]);
    expect(answers[0]!.json()).toMatchObject({ id, version: 1, symptoms: ["fever"] });
    for (const again of answers.slice(1)) expect(again.json()).toEqual(answers[0]!.json());
    expect(await listOf(user, "/api/symptoms")).toEqual([answers[0]!.json()]);
    expect((await user.get(`/api/symptoms/${id}`)).json()).toEqual(answers[0]!.json());
  });

  it("is the same create whatever the key order, and the value's form the schema takes", async () => {
    const user = await signUp(t.app);
    const id = randomUUID();
    expect((await post(user, "/api/symptoms", { ...symptom, id })).statusCode).toBe(201);
    const reordered = { id, painLevel: "6", symptoms: " fever ", time: "03:10", date: "2026-11-20" };
    expect((await post(user, "/api/symptoms", reordered)).statusCode).toBe(200);
    expect(await listOf(user, "/api/symptoms")).toHaveLength(1);
  });

  it("with another body is a 409 that changes nothing", async () => {
    const user = await signUp(t.app);
    const id = randomUUID();
    const first = await post(user, "/api/symptoms", { ...symptom, id });
    const other = await post(user, "/api/symptoms", { ...symptom, symptoms: "rash", id });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual(taken);
    expect(await listOf(user, "/api/symptoms")).toEqual([first.json()]);
  });

  it("with an id of another family's record, or of another type's, is the same 409: it says nothing of that record", async () => {
    const ana = await signUp(t.app);
    const ben = await signUp(t.app);
    const anas = randomUUID();
    expect((await post(ana, "/api/symptoms", { ...symptom, id: anas })).statusCode).toBe(201);
    // A record the server gave its id to is as much another's.
    const made = (await post(ana, "/api/notes", { title: "Clinic", content: "Tuesday" })).json().id;

    const answers = [
      // Another family: the same body, another body, another type, the id the server made.
      await post(ben, "/api/symptoms", { ...symptom, id: anas }),
      await post(ben, "/api/symptoms", { ...symptom, symptoms: "rash", id: anas }),
      await post(ben, "/api/notes", { title: "Mine", content: "Mine", id: anas }),
      await post(ben, "/api/notes", { title: "Clinic", content: "Tuesday", id: made }),
      // The same family, another type; the same type, the server's id.
      await post(ana, "/api/notes", { title: "Clinic", content: "Tuesday", id: anas }),
      await post(ana, "/api/notes", { title: "Clinic", content: "Tuesday", id: made }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual(taken);
      expect(answer.headers.etag).toBeUndefined();
    }
    expect(await listOf(ben, "/api/symptoms")).toEqual([]);
    expect(await listOf(ben, "/api/notes")).toEqual([]);
    expect(await listOf(ana, "/api/notes")).toHaveLength(1);
  });

  it("is answered the stored record for another member of the family who sends it again", async () => {
    const owner = await signUp(t.app);
    const caregiver = await joinFamily(t, owner, { role: "caregiver" });
    const id = randomUUID();
    const first = await post(caregiver, "/api/symptoms", { ...symptom, id });
    const again = await post(owner, "/api/symptoms", { ...symptom, id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
  });

  it("with an id that is not a UUID is a 400 naming id, and saves nothing", async () => {
    const user = await signUp(t.app);
    for (const id of ["42", "not-a-uuid", "", 7]) {
      const response = await post(user, "/api/symptoms", { ...symptom, id });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([{ path: "id", message: "id must be a UUID" }]);
    }
    expect(await listOf(user, "/api/symptoms")).toEqual([]);
  });

  it("without an id is made as before: 201, under an id the server makes, each time", async () => {
    const user = await signUp(t.app);
    const first = await post(user, "/api/symptoms", symptom);
    const second = await post(user, "/api/symptoms", symptom);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json().id).not.toBe(second.json().id);
    expect(await listOf(user, "/api/symptoms")).toHaveLength(2);
  });

  it("sent three times at once is one record: one 201, the others 200 with it", async () => {
    const user = await signUp(t.app);
    const id = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => post(user, "/api/symptoms", { ...symptom, id })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await listOf(user, "/api/symptoms")).toHaveLength(1);
  });

  it("sent again after its record was deleted is a 410, and the record is not made again", async () => {
    const user = await signUp(t.app);
    const id = randomUUID();
    await post(user, "/api/symptoms", { ...symptom, id });
    expect((await user.delete(`/api/symptoms/${id}`)).statusCode).toBe(204);
    const again = await post(user, "/api/symptoms", { ...symptom, id });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ message: "This record was deleted" });
    expect(await listOf(user, "/api/symptoms")).toEqual([]);
  });

  it("forgets what a deleted record's create said, and keeps its id taken: deleted, gone with its child, or with the profile", async () => {
    const user = await signUp(t.app);
    const childId = randomUUID();
    const entryId = randomUUID();
    const noteId = randomUUID();
    const otherNote = randomUUID();
    const entry = { childId, date: "2026-11-20", volume: "840", id: entryId };
    await post(user, "/api/children", { name: "Sam", id: childId });
    expect((await post(user, "/api/tpn", entry)).statusCode).toBe(201);
    await post(user, "/api/notes", { title: "T", content: "C", id: noteId });
    await post(user, "/api/notes", { title: "T", content: "C", id: otherNote });
    const claims = async () =>
      Object.fromEntries(
        (
          await queryRows(
            t.database,
            sql`select id, body_hash is null as forgotten, deleted_at is not null as deleted from record_ids where family_id = ${user.familyId}`,
          )
        ).map((row) => [row.id, [row.forgotten, row.deleted]]),
      );
    expect(await claims()).toEqual({
      [childId]: [false, false],
      [entryId]: [false, false],
      [noteId]: [false, false],
      [otherNote]: [false, false],
    });
    await user.delete(`/api/notes/${noteId}`);
    await user.delete(`/api/children/${childId}`);
    expect(await claims()).toEqual({
      [childId]: [true, true],
      [entryId]: [true, true],
      [noteId]: [true, true],
      [otherNote]: [false, false],
    });
    expect((await post(user, "/api/tpn", entry)).statusCode).toBe(410);
    expect((await user.delete("/api/account/child-profile")).statusCode).toBe(200);
    expect((await claims())[otherNote]).toEqual([true, true]);
    expect((await post(user, "/api/notes", { title: "T", content: "C", id: otherNote })).statusCode).toBe(
      410,
    );
  });

  it("still answers a retried request by its Idempotency-Key, with or beside the id", async () => {
    const user = await signUp(t.app);
    const id = randomUUID();
    const key = randomUUID();
    const send = () =>
      t.app.inject({
        method: "POST",
        url: "/api/symptoms",
        headers: { cookie: user.cookie, "idempotency-key": key },
        payload: { ...symptom, id },
      });
    const first = await send();
    const again = await send();
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(await listOf(user, "/api/symptoms")).toHaveLength(1);
  });
});

describe("a dose sent with its id", () => {
  async function medication(user: TestUser) {
    const response = await user.post("/api/medications", {
      name: "Ursodiol",
      dosage: "60 mg",
      frequency: "Twice daily",
      scheduleKind: "interval",
      intervalHours: 12,
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }
  const ago = (hours: number) => new Date(t.clock.now().getTime() - hours * HOUR).toISOString();

  it("refused as too soon, then sent again with the same id and confirm: true, is recorded once", async () => {
    const user = await signUp(t.app);
    const medicationId = await medication(user);
    expect((await post(user, "/api/medication-doses", { medicationId, givenAt: ago(2) })).statusCode).toBe(
      201,
    );
    const id = randomUUID();
    const dose = { medicationId, givenAt: ago(0), status: "given", id };
    const tooSoon = await post(user, "/api/medication-doses", dose);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().lastDose).toBeDefined();
    expect((await user.get(`/api/medication-doses/${id}`)).statusCode).toBe(404);

    const confirmed = await post(user, "/api/medication-doses", { ...dose, confirm: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json()).toMatchObject({ id, version: 1 });
    // Its answer lost, the device sends it again, with or without the confirmation: the same dose.
    const again = await post(user, "/api/medication-doses", { ...dose, confirm: true });
    const unconfirmed = await post(user, "/api/medication-doses", dose);
    expect([again.statusCode, unconfirmed.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(confirmed.json());
    expect(await listOf(user, `/api/medication-doses?medicationId=${medicationId}`)).toHaveLength(2);
  });

  it("given from its task's Done with an id is given once, however often the Done is sent", async () => {
    const user = await signUp(t.app);
    const medicationId = await medication(user);
    const id = randomUUID();
    const done = (body: Record<string, unknown>) =>
      user.post(`/api/tasks/${encodeURIComponent(`dose:${medicationId}`)}/done`, body);
    const first = await done({ id, notes: "With milk" });
    expect(first.statusCode, first.body).toBe(200);
    const again = await done({ id, notes: "With milk" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await done({ id, notes: "Other" })).json()).toEqual(taken);
    expect((await user.get(`/api/medication-doses/${id}`)).json()).toMatchObject({ id, notes: "With milk" });
    expect(await listOf(user, `/api/medication-doses?medicationId=${medicationId}`)).toHaveLength(1);
  });
});

describe("supplies sent with their ids", () => {
  async function supply(user: TestUser, currentStock = 10) {
    const response = await user.post("/api/tpn-supplies", {
      name: "Alcohol swabs",
      category: "other",
      currentStock,
      minThreshold: 2,
      unit: "each",
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }
  const stockOf = async (user: TestUser, id: string) =>
    ((await user.get(`/api/tpn-supplies/${id}`)).json() as { currentStock: number }).currentStock;

  it("a usage sent again takes from the stock once", async () => {
    const user = await signUp(t.app);
    const supplyId = await supply(user);
    const usage = { supplyId, quantityUsed: 3, usageDate: "2026-11-20", id: randomUUID() };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await post(user, "/api/supply-usage", usage)).statusCode);
    expect(answers).toEqual([201, 200, 200]);
    expect(await stockOf(user, supplyId)).toBe(7);
  });

  it("a delivery and a count sent again record their lines and move the stock once", async () => {
    const user = await signUp(t.app);
    const swabs = await supply(user);
    const caps = await supply(user, 4);
    const delivery = {
      lines: [
        { id: randomUUID(), supplyId: swabs, quantity: 50, lot: "A1" },
        { id: randomUUID(), supplyId: caps, quantity: 20 },
      ],
    };
    const first = await post(user, "/api/tpn-supplies/receipts", delivery);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().map((line: { id: string }) => line.id)).toEqual(delivery.lines.map((l) => l.id));
    const again = await post(user, "/api/tpn-supplies/receipts", delivery);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect([await stockOf(user, swabs), await stockOf(user, caps)]).toEqual([60, 24]);
    // The same lines' ids with another quantity, or one line's id in another request: nothing moves.
    const changed = { lines: [{ ...delivery.lines[0]!, quantity: 5 }, delivery.lines[1]!] };
    expect((await post(user, "/api/tpn-supplies/receipts", changed)).json()).toEqual(taken);
    const count = { lines: [{ id: delivery.lines[0]!.id, supplyId: swabs, counted: 3 }] };
    expect((await post(user, "/api/tpn-supplies/counts", count)).statusCode).toBe(409);

    const stocktake = { lines: [{ id: randomUUID(), supplyId: swabs, counted: 58 }] };
    expect((await post(user, "/api/tpn-supplies/counts", stocktake)).statusCode).toBe(201);
    expect((await post(user, "/api/tpn-supplies/counts", stocktake)).statusCode).toBe(200);
    expect(await stockOf(user, swabs)).toBe(58);
    expect(await listOf(user, `/api/supply-stock-events?supplyId=${swabs}`)).toHaveLength(2);
  });

  it("a delivery with ids on some lines only, or one id twice, is a 400 naming the line", async () => {
    const user = await signUp(t.app);
    const swabs = await supply(user);
    const caps = await supply(user);
    const id = randomUUID();
    const some = await post(user, "/api/tpn-supplies/receipts", {
      lines: [
        { id, supplyId: swabs, quantity: 1 },
        { supplyId: caps, quantity: 1 },
      ],
    });
    expect(some.statusCode).toBe(400);
    expect(some.json().issues).toEqual([{ path: "lines.1.id", message: "Give every line an id, or none" }]);
    const twice = await post(user, "/api/tpn-supplies/receipts", {
      lines: [
        { id, supplyId: swabs, quantity: 1 },
        { id, supplyId: caps, quantity: 1 },
      ],
    });
    expect(twice.json().issues).toEqual([{ path: "lines.1.id", message: "This id is on an earlier line" }]);
    expect(await stockOf(user, swabs)).toBe(10);
  });
});

describe("a child sent with its id", () => {
  it("is made once, and its records can link it at once", async () => {
    const user = await signUp(t.app);
    const id = randomUUID();
    expect((await post(user, "/api/children", { name: "Sam", id })).statusCode).toBe(201);
    expect((await post(user, "/api/children", { name: "Sam", id })).statusCode).toBe(200);
    expect((await post(user, "/api/symptoms", { ...symptom, childId: id })).statusCode).toBe(201);
    expect((await listOf(user, "/api/children")).map((child) => child.id)).toEqual([id]);
    // Another child of the family keeps its own id.
    expect(await addChild(user, "Ana")).not.toBe(id);
  });
});
