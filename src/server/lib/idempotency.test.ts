import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../tests/helpers/test-app";
import { IDEMPOTENCY_KEY_KEPT_MS, pruneIdempotencyKeys } from "./idempotency";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const symptom = { date: "2026-11-20", time: "03:10", symptoms: "fever" };

function create(user: TestUser, path: string, body: unknown, key?: string) {
  return t.app.inject({
    method: "POST",
    url: path,
    headers: { cookie: user.cookie, ...(key ? { "idempotency-key": key } : {}) },
    payload: body as object,
  });
}

describe("creates sent again with the same Idempotency-Key", () => {
  it("make one record, and the second answer is the first record", async () => {
    const user = await signUp(t.app);
    const key = randomUUID();
    const first = await create(user, "/api/symptoms", symptom, key);
    const again = await create(user, "/api/symptoms", symptom, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await user.get("/api/symptoms")).json()).toHaveLength(1);
  });

  it("make one record when both arrive at the same time", async () => {
    const user = await signUp(t.app);
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => create(user, "/api/symptoms", symptom, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect((await user.get("/api/symptoms")).json()).toHaveLength(1);
  });

  it("make a record per key, and none without a key is held back", async () => {
    const user = await signUp(t.app);
    await create(user, "/api/symptoms", symptom, randomUUID());
    await create(user, "/api/symptoms", symptom, randomUUID());
    await create(user, "/api/symptoms", symptom);
    await create(user, "/api/symptoms", symptom);
    expect((await user.get("/api/symptoms")).json()).toHaveLength(4);
  });

  it("are each owner's own: another account's key makes its own record", async () => {
    const ana = await signUp(t.app);
    const ben = await signUp(t.app);
    const key = randomUUID();
    const anas = await create(ana, "/api/symptoms", symptom, key);
    const bens = await create(ben, "/api/symptoms", symptom, key);
    expect(bens.statusCode).toBe(201);
    expect(bens.json().id).not.toBe(anas.json().id);
    expect((await ben.get("/api/symptoms")).json()).toHaveLength(1);
  });

  it("a refused create leaves the key free, and a key reused elsewhere or malformed is a 400/409", async () => {
    const user = await signUp(t.app);
    const key = randomUUID();
    const refused = await create(user, "/api/symptoms", { ...symptom, date: "not a date" }, key);
    expect(refused.statusCode).toBe(400);
    expect((await create(user, "/api/symptoms", symptom, key)).statusCode).toBe(201);
    const elsewhere = await create(user, "/api/notes", { title: "T", content: "C" }, key);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toMatch(/Idempotency-Key/);
    const malformed = await create(user, "/api/symptoms", symptom, "no spaces allowed");
    expect(malformed.statusCode).toBe(400);
    expect((await user.get("/api/symptoms")).json()).toHaveLength(1);
  });
});

describe("a supply usage sent again with the same Idempotency-Key", () => {
  async function supply(user: TestUser) {
    const response = await user.post("/api/tpn-supplies", {
      name: "Alcohol swabs",
      category: "other",
      currentStock: 10,
      minThreshold: 2,
      unit: "each",
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string };
  }
  const stockOf = async (user: TestUser, id: string) =>
    ((await user.get("/api/tpn-supplies")).json() as { id: string; currentStock: number }[]).find(
      (s) => s.id === id,
    )?.currentStock;

  it("records one usage and takes from the stock once, one after the other or at the same time", async () => {
    const user = await signUp(t.app);
    const { id } = await supply(user);
    const usage = { supplyId: id, quantityUsed: 3, usageDate: "2026-11-20" };
    const key = randomUUID();
    const first = await create(user, "/api/supply-usage", usage, key);
    const again = await create(user, "/api/supply-usage", usage, key);
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const racing = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => create(user, "/api/supply-usage", usage, racing)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect((await user.get(`/api/supply-usage?supplyId=${id}`)).json()).toHaveLength(2);
    expect(await stockOf(user, id)).toBe(4);
  });

  it("refused for too little stock leaves the key free and the stock as it was", async () => {
    const user = await signUp(t.app);
    const { id } = await supply(user);
    const key = randomUUID();
    const tooMany = await create(
      user,
      "/api/supply-usage",
      { supplyId: id, quantityUsed: 11, usageDate: "2026-11-20" },
      key,
    );
    expect(tooMany.statusCode).toBe(409);
    expect(await stockOf(user, id)).toBe(10);
    const fits = await create(
      user,
      "/api/supply-usage",
      { supplyId: id, quantityUsed: 1, usageDate: "2026-11-20" },
      key,
    );
    expect(fits.statusCode).toBe(201);
    expect(await stockOf(user, id)).toBe(9);
  });
});

describe("kept keys", () => {
  it("answer for a month, then are forgotten", async () => {
    const user = await signUp(t.app);
    const key = randomUUID();
    expect((await create(user, "/api/symptoms", symptom, key)).statusCode).toBe(201);
    const sent = Date.now();
    await pruneIdempotencyKeys(t.database.db, new Date(sent + IDEMPOTENCY_KEY_KEPT_MS - 60_000));
    expect((await create(user, "/api/symptoms", symptom, key)).statusCode).toBe(201);
    expect((await user.get("/api/symptoms")).json()).toHaveLength(1);
    // A month and a minute later the key is gone, and the same key makes a new record.
    await pruneIdempotencyKeys(t.database.db, new Date(sent + IDEMPOTENCY_KEY_KEPT_MS + 60_000));
    expect((await create(user, "/api/symptoms", symptom, key)).statusCode).toBe(201);
    expect((await user.get("/api/symptoms")).json()).toHaveLength(2);
  });
});
