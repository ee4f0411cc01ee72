import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";
import { addDays, today } from "../../../domain/dates";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function addSupply(user: TestUser, fields: Record<string, unknown> = {}) {
  const response = await user.post("/api/tpn-supplies", {
    name: "Extension set",
    category: "tubing",
    currentStock: 20,
    minThreshold: 5,
    unit: "each",
    ...fields,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; currentStock: number; name: string };
}

const stockOf = async (user: TestUser, id: string) =>
  ((await user.get(`/api/tpn-supplies/${id}`)).json() as { currentStock: number }).currentStock;

const use = (user: TestUser, supplyId: string, quantityUsed: number | string, usageDate = today()) =>
  user.post("/api/supply-usage", { supplyId, quantityUsed, usageDate });

describe("TPN supplies", () => {
  ownedCrudContract(() => t, {
    path: "/api/tpn-supplies",
    valid: {
      name: "0.2 micron filter",
      category: "filters",
      currentStock: 12,
      minThreshold: 5,
      unit: "each",
      supplier: "Home infusion pharmacy",
      orderNumber: "A-1182",
      costPerUnit: "4.75",
      expirationDate: "2027-03-31",
      notes: "Change with every bag",
    },
    change: { currentStock: 30, notes: "Counted after the delivery" },
    updateMethod: "PATCH",
    required: ["name", "category", "unit"],
    invalid: { category: "food", currentStock: -2, costPerUnit: "12.345" },
    listExtras: { runsOutInDays: null },
    dates: { expirationDate: "future" },
  });

  it("lists the supplies at or under their threshold as low stock", async () => {
    const user = await signUp(t.app);
    await addSupply(user, { name: "Bags", currentStock: 5, minThreshold: 5 });
    await addSupply(user, { name: "Caps", currentStock: 0, minThreshold: 2 });
    await addSupply(user, { name: "Gauze", currentStock: 6, minThreshold: 5 });
    const low = (await user.get("/api/tpn-supplies/low-stock")).json() as { name: string }[];
    expect(low.map((s) => s.name)).toEqual(["Caps", "Bags"]);
  });

  it("forecasts when a steadily used supply runs out, and says nothing without enough usage", async () => {
    const user = await signUp(t.app);
    const steady = await addSupply(user, { name: "Heparin flush", currentStock: 40, minThreshold: 5 });
    const fresh = await addSupply(user, { name: "Dressing kit", currentStock: 10 });
    for (let day = 9; day >= 0; day--)
      expect((await use(user, steady.id, 2, addDays(today(), -day))).statusCode).toBe(201);
    // 40 - 20 = 20 left at 2 a day.
    const list = (await user.get("/api/tpn-supplies")).json() as {
      id: string;
      runsOutInDays: number | null;
    }[];
    expect(list.find((s) => s.id === steady.id)?.runsOutInDays).toBe(10);
    expect(list.find((s) => s.id === fresh.id)?.runsOutInDays).toBeNull();
  });
});

describe("supply usage", () => {
  it("lowers the stock exactly when 20 usages arrive at once, and refuses the 21st with 409", async () => {
    const user = await signUp(t.app);
    const supply = await addSupply(user, { currentStock: 20 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => use(user, supply.id, 1)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(await stockOf(user, supply.id)).toBe(0);
    const extra = await use(user, supply.id, 1);
    expect(extra.statusCode).toBe(409);
    expect(extra.json().message).toMatch(/^Only 0 each of Extension set left in stock/);
    expect((await user.get(`/api/supply-usage?supplyId=${supply.id}`)).json()).toHaveLength(20);
  });

  it("refuses a usage above the stock with 409 and changes nothing", async () => {
    const user = await signUp(t.app);
    const supply = await addSupply(user, { currentStock: 3 });
    const response = await use(user, supply.id, 4);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message:
        "Only 3 each of Extension set left in stock: a usage of 4 is more than the stock. Update the stock count first if it is wrong.",
    });
    expect(await stockOf(user, supply.id)).toBe(3);
    expect((await user.get("/api/supply-usage")).json()).toEqual([]);
    const audit = await queryRows(
      t.database,
      sql`select count(*)::int as n from audit_log where entity = 'supply_usage' and user_id = ${user.id}`,
    );
    expect(audit[0]).toEqual({ n: 0 });
  });

  it("gives back what an edited or deleted usage took", async () => {
    const user = await signUp(t.app);
    const supply = await addSupply(user, { currentStock: 10 });
    const usage = (await use(user, supply.id, 4)).json();
    expect(await stockOf(user, supply.id)).toBe(6);
    expect((await user.patch(`/api/supply-usage/${usage.id}`, { quantityUsed: 1 })).statusCode).toBe(200);
    expect(await stockOf(user, supply.id)).toBe(9);
    expect((await user.patch(`/api/supply-usage/${usage.id}`, { quantityUsed: 10 })).statusCode).toBe(200);
    expect(await stockOf(user, supply.id)).toBe(0);
    const tooMuch = await user.patch(`/api/supply-usage/${usage.id}`, { quantityUsed: 11 });
    expect(tooMuch.statusCode).toBe(409);
    expect(await stockOf(user, supply.id)).toBe(0);
    expect((await user.delete(`/api/supply-usage/${usage.id}`)).statusCode).toBe(204);
    expect(await stockOf(user, supply.id)).toBe(10);
  });

  it("moves the stock between supplies when a usage changes supply", async () => {
    const user = await signUp(t.app);
    const first = await addSupply(user, { name: "First", currentStock: 10 });
    const second = await addSupply(user, { name: "Second", currentStock: 10 });
    const usage = (await use(user, first.id, 3)).json();
    await user.patch(`/api/supply-usage/${usage.id}`, { supplyId: second.id });
    expect([await stockOf(user, first.id), await stockOf(user, second.id)]).toEqual([10, 7]);
  });

  it("answers another user's supply as missing for update, delete and usage, and changes nothing", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const supply = await addSupply(owner, { currentStock: 8 });
    expect((await intruder.patch(`/api/tpn-supplies/${supply.id}`, { currentStock: 0 })).statusCode).toBe(
      404,
    );
    expect((await intruder.delete(`/api/tpn-supplies/${supply.id}`)).statusCode).toBe(404);
    const usage = await use(intruder, supply.id, 1);
    expect(usage.statusCode).toBe(404);
    expect(usage.json()).toEqual({ message: "Supply not found" });
    const ownUsage = (await use(owner, supply.id, 1)).json();
    expect((await intruder.patch(`/api/supply-usage/${ownUsage.id}`, { quantityUsed: 5 })).statusCode).toBe(
      404,
    );
    expect((await intruder.delete(`/api/supply-usage/${ownUsage.id}`)).statusCode).toBe(404);
    expect(await stockOf(owner, supply.id)).toBe(7);
  });

  it("validates the usage: a whole quantity of at least one and a date", async () => {
    const user = await signUp(t.app);
    const supply = await addSupply(user);
    for (const quantityUsed of [0, -1, 1.5, "x"]) {
      const response = await use(user, supply.id, quantityUsed);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues.map((i: { path: string }) => i.path)).toEqual(["quantityUsed"]);
    }
    const noDate = await user.post("/api/supply-usage", { supplyId: supply.id, quantityUsed: 1 });
    expect(noDate.json().issues).toEqual([{ path: "usageDate", message: "Usage date is required" }]);
    expect(await stockOf(user, supply.id)).toBe(20);
  });

  it("refuses a usage dated in the future or before 1900 (400 on usageDate), and takes today", async () => {
    const user = await signUp(t.app);
    const supply = await addSupply(user);
    const ahead = await use(user, supply.id, 1, addDays(today(), 7));
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().issues).toEqual([
      { path: "usageDate", message: "Usage date cannot be in the future" },
    ]);
    const ancient = await use(user, supply.id, 1, "1899-12-31");
    expect(ancient.json().issues).toEqual([
      { path: "usageDate", message: "Usage date cannot be before 1900" },
    ]);
    expect(await stockOf(user, supply.id)).toBe(20);

    const ofToday = await use(user, supply.id, 1, today());
    expect(ofToday.statusCode).toBe(201);
    const moved = await user.patch(`/api/supply-usage/${ofToday.json().id}`, {
      usageDate: addDays(today(), 9),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().issues.map((i: { path: string }) => i.path)).toEqual(["usageDate"]);
    expect(await stockOf(user, supply.id)).toBe(19);
  });

  it("goes with its supply, and the supply's deletion leaves no trace of it in the activity log", async () => {
    const user = await signUp(t.app);
    const supply = await addSupply(user, { name: "Secret supply" });
    await use(user, supply.id, 2, "2026-11-01");
    expect((await user.delete(`/api/tpn-supplies/${supply.id}`)).statusCode).toBe(204);
    expect((await user.get("/api/supply-usage")).json()).toEqual([]);
    const activity = JSON.stringify((await user.get("/api/dashboard/activity")).json());
    expect(activity).not.toContain("Secret supply");
    expect(activity).not.toContain("2026-11-01");
  });
});
