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
    listExtras: { runsOutInDays: null, reorder: null },
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
      sql`select count(*)::int as n from audit_log where entity = 'supply_usage' and family_id = ${user.familyId}`,
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

describe("deliveries and stocktakes", () => {
  const receive = (user: TestUser, lines: unknown[]) => user.post("/api/tpn-supplies/receipts", { lines });
  const count = (user: TestUser, lines: unknown[]) => user.post("/api/tpn-supplies/counts", { lines });
  const history = async (user: TestUser, supplyId: string) =>
    (await user.get(`/api/supply-stock-events?supplyId=${supplyId}`)).json() as {
      kind: string;
      quantity: number;
      difference: number;
      lot: string | null;
      expirationDate: string | null;
      eventDate: string;
    }[];

  it("raises every supply of a delivery at once and keeps each line in its supply's history", async () => {
    const user = await signUp(t.app);
    const bags = await addSupply(user, { name: "Bags", currentStock: 3 });
    const caps = await addSupply(user, { name: "Caps", currentStock: 0 });
    const response = await receive(user, [
      { supplyId: bags.id, quantity: 10, lot: "L-77", expirationDate: "2027-05-31" },
      { supplyId: caps.id, quantity: "24" },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toHaveLength(2);
    expect([await stockOf(user, bags.id), await stockOf(user, caps.id)]).toEqual([13, 24]);
    expect(await history(user, bags.id)).toEqual([
      expect.objectContaining({
        kind: "receipt",
        quantity: 10,
        difference: 10,
        lot: "L-77",
        expirationDate: "2027-05-31",
        eventDate: today(),
      }),
    ]);
    expect(await history(user, caps.id)).toEqual([
      expect.objectContaining({ kind: "receipt", quantity: 24, lot: null, expirationDate: null }),
    ]);
    const activity = JSON.stringify((await user.get("/api/dashboard/activity")).json());
    expect(activity).toContain("Bags: +10 each");
  });

  it("changes nothing when one line of a delivery is refused, and names that line", async () => {
    const user = await signUp(t.app);
    const supplies = [];
    for (const name of ["A", "B", "C", "D"]) supplies.push(await addSupply(user, { name, currentStock: 5 }));
    const response = await receive(user, [
      { supplyId: supplies[0]!.id, quantity: 2 },
      { supplyId: supplies[1]!.id, quantity: 2 },
      { supplyId: supplies[2]!.id, quantity: 2 },
      { supplyId: supplies[3]!.id, quantity: -4 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: "lines.3.quantity", message: "Quantity received must be a whole number from 1 to 1,000,000" },
    ]);
    for (const supply of supplies) {
      expect(await stockOf(user, supply.id)).toBe(5);
      expect(await history(user, supply.id)).toEqual([]);
    }
    // Each bad number is named on its own line.
    const several = await receive(user, [
      { supplyId: supplies[0]!.id, quantity: 1.5 },
      { supplyId: supplies[1]!.id, quantity: 3 },
      { supplyId: supplies[2]!.id, quantity: "x", expirationDate: "2027-02-30" },
    ]);
    expect(several.json().issues.map((i: { path: string }) => i.path)).toEqual([
      "lines.0.quantity",
      "lines.2.quantity",
      "lines.2.expirationDate",
    ]);
    // A line that would take a stock past the maximum is refused in the transaction: nothing kept.
    const tooMuch = await receive(user, [
      { supplyId: supplies[0]!.id, quantity: 3 },
      { supplyId: supplies[1]!.id, quantity: 1_000_000 },
    ]);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().issues.map((i: { path: string }) => i.path)).toEqual(["lines.1.quantity"]);
    expect(await stockOf(user, supplies[0]!.id)).toBe(5);
    expect(await history(user, supplies[0]!.id)).toEqual([]);
  });

  it("refuses a supply twice in one body, and an empty one", async () => {
    const user = await signUp(t.app);
    const supply = await addSupply(user, { currentStock: 5 });
    const twice = await receive(user, [
      { supplyId: supply.id, quantity: 2 },
      { supplyId: supply.id, quantity: 3 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().issues).toEqual([
      { path: "lines.1.supplyId", message: "This supply is already on an earlier line" },
    ]);
    const countedTwice = await count(user, [
      { supplyId: supply.id, counted: 2 },
      { supplyId: supply.id, counted: 2 },
    ]);
    expect(countedTwice.json().issues.map((i: { path: string }) => i.path)).toEqual(["lines.1.supplyId"]);
    expect((await receive(user, [])).statusCode).toBe(400);
    expect(await stockOf(user, supply.id)).toBe(5);
  });

  it("answers another family's supply as missing, naming the line, and keeps nothing of the body", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const theirs = await addSupply(owner, { currentStock: 8 });
    const mine = await addSupply(intruder, { currentStock: 1 });
    const response = await receive(intruder, [
      { supplyId: mine.id, quantity: 5 },
      { supplyId: theirs.id, quantity: 5 },
    ]);
    expect(response.statusCode).toBe(404);
    expect(response.json().issues).toEqual([{ path: "lines.1.supplyId", message: "Supply not found" }]);
    const counted = await count(intruder, [{ supplyId: theirs.id, counted: 0 }]);
    expect(counted.statusCode).toBe(404);
    expect(await stockOf(owner, theirs.id)).toBe(8);
    expect(await stockOf(intruder, mine.id)).toBe(1);
    expect(await history(intruder, mine.id)).toEqual([]);
    expect(await history(owner, theirs.id)).toEqual([]);
    expect(await history(intruder, theirs.id)).toEqual([]);
  });

  it("sets each counted supply to its number and records the difference; a bad line keeps nothing", async () => {
    const user = await signUp(t.app);
    const bags = await addSupply(user, { name: "Bags", currentStock: 10 });
    const caps = await addSupply(user, { name: "Caps", currentStock: 4 });
    const gauze = await addSupply(user, { name: "Gauze", currentStock: 7 });
    const refused = await count(user, [
      { supplyId: bags.id, counted: 8 },
      { supplyId: caps.id, counted: -1 },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      { path: "lines.1.counted", message: "Counted must be a whole number from 0 to 1,000,000" },
    ]);
    expect(await stockOf(user, bags.id)).toBe(10);

    const response = await count(user, [
      { supplyId: bags.id, counted: 8 },
      { supplyId: caps.id, counted: "6" },
      { supplyId: gauze.id, counted: 7 },
    ]);
    expect(response.statusCode).toBe(201);
    expect([
      await stockOf(user, bags.id),
      await stockOf(user, caps.id),
      await stockOf(user, gauze.id),
    ]).toEqual([8, 6, 7]);
    expect(await history(user, bags.id)).toEqual([
      expect.objectContaining({ kind: "count", quantity: 8, difference: -2 }),
    ]);
    expect(await history(user, caps.id)).toEqual([
      expect.objectContaining({ kind: "count", quantity: 6, difference: 2 }),
    ]);
    expect(await history(user, gauze.id)).toEqual([
      expect.objectContaining({ kind: "count", quantity: 7, difference: 0 }),
    ]);
  });

  it("lands two deliveries of the same supplies sent at once, and a count among usages", async () => {
    const user = await signUp(t.app);
    const bags = await addSupply(user, { name: "Bags", currentStock: 1 });
    const caps = await addSupply(user, { name: "Caps", currentStock: 1 });
    const [first, second] = await Promise.all([
      receive(user, [
        { supplyId: bags.id, quantity: 10 },
        { supplyId: caps.id, quantity: 5 },
      ]),
      receive(user, [
        { supplyId: caps.id, quantity: 7 },
        { supplyId: bags.id, quantity: 20 },
      ]),
    ]);
    expect([first!.statusCode, second!.statusCode]).toEqual([201, 201]);
    expect([await stockOf(user, bags.id), await stockOf(user, caps.id)]).toEqual([31, 13]);
    expect(await history(user, bags.id)).toHaveLength(2);

    const responses = await Promise.all([
      use(user, bags.id, 1),
      count(user, [{ supplyId: bags.id, counted: 25 }]),
      use(user, bags.id, 1),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    // Whatever the order they ran in, the count's difference is from the stock it replaced.
    const stock = await stockOf(user, bags.id);
    const usedAfterCount = 25 - stock;
    const usedBeforeCount = 2 - usedAfterCount;
    const [counted] = (await history(user, bags.id)).filter((e) => e.kind === "count");
    expect(counted!.difference).toBe(25 - (31 - usedBeforeCount));
  });

  it("go with their supply, and leave no trace of it in the activity log", async () => {
    const user = await signUp(t.app);
    const supply = await addSupply(user, { name: "Secret supply" });
    await receive(user, [{ supplyId: supply.id, quantity: 3 }]);
    await count(user, [{ supplyId: supply.id, counted: 2 }]);
    expect((await user.delete(`/api/tpn-supplies/${supply.id}`)).statusCode).toBe(204);
    expect((await user.get("/api/supply-stock-events")).json()).toEqual([]);
    const activity = JSON.stringify((await user.get("/api/dashboard/activity")).json());
    expect(activity).not.toContain("Secret supply");
  });

  it("go with the family's records and with the account", async () => {
    const eventsOf = async (user: TestUser) =>
      (
        await queryRows(
          t.database,
          sql`select count(*)::int as n from supply_stock_events where family_id = ${user.familyId}`,
        )
      )[0];
    for (const path of ["/api/account/child-profile", "/api/account/user"]) {
      const user = await signUp(t.app);
      const supply = await addSupply(user);
      await receive(user, [{ supplyId: supply.id, quantity: 3 }]);
      await count(user, [{ supplyId: supply.id, counted: 2 }]);
      expect(await eventsOf(user)).toEqual({ n: 2 });
      expect((await user.delete(path)).statusCode).toBe(200);
      expect(await eventsOf(user)).toEqual({ n: 0 });
    }
  });
});
