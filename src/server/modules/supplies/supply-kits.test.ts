import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { addChild, ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { addDays, today } from "../../../domain/dates";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function addSupply(user: TestUser, name: string, currentStock: number, unit = "each") {
  const response = await user.post("/api/tpn-supplies", { name, category: "other", currentStock, unit });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

async function kitLine(user: TestUser, occasion: string, supplyId: string, quantity: number) {
  const response = await user.post("/api/supply-kits", { occasion, supplyId, quantity });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

const stockOf = async (user: TestUser, id: string) =>
  (await user.get(`/api/tpn-supplies/${id}`)).json().currentStock as number;

const logBag = (user: TestUser, childId: string, date = today()) =>
  user.post("/api/tpn", { childId, date, volume: "1200", duration: 12 });

interface Drawn {
  supplyId: string;
  name: string;
  quantity: number;
  short: number;
}

/** A family with a bag kit: 1 tubing set, 1 filter, 2 caps. */
async function familyWithBagKit(stock = { tubing: 30, filter: 30, caps: 60 }) {
  const user = await signUp(t.app);
  const child = await addChild(user);
  const tubing = await addSupply(user, "tubing set", stock.tubing);
  const filter = await addSupply(user, "filter", stock.filter);
  const caps = await addSupply(user, "caps", stock.caps);
  await kitLine(user, "pn-bag", tubing, 1);
  await kitLine(user, "pn-bag", filter, 1);
  await kitLine(user, "pn-bag", caps, 2);
  return { user, child, tubing, filter, caps };
}

describe("supply kits", () => {
  ownedCrudContract(() => t, {
    path: "/api/supply-kits",
    valid: { occasion: "pn-bag", quantity: 2 },
    change: { quantity: 3 },
    updateMethod: "PATCH",
    required: ["occasion", "supplyId", "quantity"],
    invalid: { occasion: "bath", quantity: 0 },
    extra: async (user) => ({ supplyId: await addSupply(user, "Filter", 10) }),
  });

  it("draws the bag kit when tonight's bag is logged, says what it drew, and gives it back when the bag is deleted", async () => {
    const { user, child, tubing, filter, caps } = await familyWithBagKit();
    const bag = await logBag(user, child);
    expect(bag.statusCode).toBe(201);
    const drawn = bag.json().suppliesDrawn as Drawn[];
    expect(drawn.map((d) => [d.name, d.quantity, d.short])).toEqual([
      ["caps", 2, 0],
      ["filter", 1, 0],
      ["tubing set", 1, 0],
    ]);
    expect([await stockOf(user, tubing), await stockOf(user, filter), await stockOf(user, caps)]).toEqual([
      29, 29, 58,
    ]);
    // The history says what drew it.
    const usage = (await user.get(`/api/supply-usage?supplyId=${caps}`)).json();
    expect(usage).toMatchObject([{ quantityUsed: 2, tpnEntryId: bag.json().id, quantityShort: 0 }]);
    // The entry read again says the same.
    expect((await user.get(`/api/tpn/${bag.json().id}`)).json().suppliesDrawn).toHaveLength(3);

    expect((await user.delete(`/api/tpn/${bag.json().id}`)).statusCode).toBe(204);
    expect([await stockOf(user, tubing), await stockOf(user, filter), await stockOf(user, caps)]).toEqual([
      30, 30, 60,
    ]);
    expect((await user.get(`/api/supply-usage?supplyId=${caps}`)).json()).toEqual([]);
  });

  it("draws nothing more when the bag is edited", async () => {
    const { user, child, caps } = await familyWithBagKit();
    const bag = (await logBag(user, child)).json();
    const edited = await user.put(`/api/tpn/${bag.id}`, {
      childId: child,
      date: today(),
      volume: "1100",
      duration: 12,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().suppliesDrawn).toHaveLength(3);
    expect(await stockOf(user, caps)).toBe(58);
    expect((await user.get(`/api/supply-usage?supplyId=${caps}`)).json()).toHaveLength(1);
  });

  it("moves what a bag drew to the day its date is corrected to, and a dressing change's too", async () => {
    const { user, child, tubing } = await familyWithBagKit();
    const bag = (await logBag(user, child)).json();
    const yesterday = addDays(today(), -1);
    const moved = await user.put(`/api/tpn/${bag.id}`, {
      childId: child,
      date: yesterday,
      volume: "1200",
      duration: 12,
    });
    expect(moved.statusCode).toBe(200);
    const usageOf = async (by: "tpnEntryId" | "lineCareEventId", id: string) =>
      ((await user.get("/api/supply-usage")).json() as Record<string, string>[]).filter((u) => u[by] === id);
    expect((await usageOf("tpnEntryId", bag.id)).map((u) => u.usageDate)).toEqual([
      yesterday,
      yesterday,
      yesterday,
    ]);
    // Nothing more drawn: 30 tubing sets, one taken.
    expect(await stockOf(user, tubing)).toBe(29);

    const dressing = await addSupply(user, "transparent dressing", 10);
    await kitLine(user, "dressing", dressing, 1);
    const line = (
      await user.post("/api/picc-lines", {
        childId: child,
        insertionDate: addDays(today(), -30),
        insertionSite: "right-arm",
        lineType: "double-lumen",
      })
    ).json().id as string;
    const change = (
      await user.post("/api/line-care", {
        childId: child,
        piccLineId: line,
        kind: "dressing",
        dressingType: "transparent",
        date: today(),
      })
    ).json();
    const twoDaysAgo = addDays(today(), -2);
    expect((await user.patch(`/api/line-care/${change.id}`, { date: twoDaysAgo })).statusCode).toBe(200);
    expect((await usageOf("lineCareEventId", change.id)).map((u) => u.usageDate)).toEqual([twoDaysAgo]);
    expect(await stockOf(user, dressing)).toBe(9);
  });

  it("logs the bag when a supply is short, takes what there is and names what was short", async () => {
    const { user, child, caps, tubing } = await familyWithBagKit({ tubing: 0, filter: 5, caps: 1 });
    const bag = await logBag(user, child);
    expect(bag.statusCode).toBe(201);
    const drawn = bag.json().suppliesDrawn as Drawn[];
    expect(drawn.filter((d) => d.short > 0).map((d) => [d.name, d.short])).toEqual([
      ["caps", 1],
      ["tubing set", 1],
    ]);
    expect(await stockOf(user, caps)).toBe(0);
    expect(await stockOf(user, tubing)).toBe(0);
    // Deleting it gives back only what it took.
    await user.delete(`/api/tpn/${bag.json().id}`);
    expect(await stockOf(user, caps)).toBe(1);
    expect(await stockOf(user, tubing)).toBe(0);
  });

  it("draws exactly twenty kits for twenty bags logged at once, and gives them all back", async () => {
    const { user, child, tubing, caps } = await familyWithBagKit({ tubing: 100, filter: 100, caps: 100 });
    const bags = await Promise.all(Array.from({ length: 20 }, () => logBag(user, child)));
    expect(bags.map((b) => b.statusCode)).toEqual(Array(20).fill(201));
    expect(await stockOf(user, tubing)).toBe(80);
    expect(await stockOf(user, caps)).toBe(60);
    const deleted = await Promise.all(bags.map((b) => user.delete(`/api/tpn/${b.json().id}`)));
    expect(deleted.map((d) => d.statusCode)).toEqual(Array(20).fill(204));
    expect(await stockOf(user, tubing)).toBe(100);
    expect(await stockOf(user, caps)).toBe(100);
  });

  it("draws the dressing kit with a dressing change only, and gives it back when it is deleted", async () => {
    const user = await signUp(t.app);
    const child = await addChild(user);
    const dressing = await addSupply(user, "transparent dressing", 10);
    await kitLine(user, "dressing", dressing, 1);
    const line = (
      await user.post("/api/picc-lines", {
        childId: child,
        insertionDate: addDays(today(), -30),
        insertionSite: "right-arm",
        lineType: "double-lumen",
      })
    ).json().id as string;
    const flush = await user.post("/api/line-care", {
      childId: child,
      piccLineId: line,
      kind: "flush",
      date: today(),
    });
    expect(flush.json().suppliesDrawn).toEqual([]);
    const change = await user.post("/api/line-care", {
      childId: child,
      piccLineId: line,
      kind: "dressing",
      dressingType: "transparent",
      date: today(),
    });
    expect(change.statusCode).toBe(201);
    expect(change.json().suppliesDrawn).toMatchObject([{ name: "transparent dressing", quantity: 1 }]);
    expect(await stockOf(user, dressing)).toBe(9);
    // A bag draws nothing from the dressing kit.
    expect((await logBag(user, child)).json().suppliesDrawn).toEqual([]);
    expect(await stockOf(user, dressing)).toBe(9);
    expect((await user.delete(`/api/line-care/${change.json().id}`)).statusCode).toBe(204);
    expect(await stockOf(user, dressing)).toBe(10);
  });

  it("gives the dressing kit back when a dressing change is corrected to another kind, and draws it for the reverse", async () => {
    const user = await signUp(t.app);
    const child = await addChild(user);
    const dressing = await addSupply(user, "transparent dressing", 10);
    await kitLine(user, "dressing", dressing, 1);
    const line = (
      await user.post("/api/picc-lines", {
        childId: child,
        insertionDate: addDays(today(), -30),
        insertionSite: "right-arm",
        lineType: "double-lumen",
      })
    ).json().id as string;
    const event = (
      await user.post("/api/line-care", {
        childId: child,
        piccLineId: line,
        kind: "dressing",
        dressingType: "transparent",
        date: today(),
      })
    ).json();
    expect(await stockOf(user, dressing)).toBe(9);
    // Logged as a dressing change by mistake: it was a flush.
    const flush = await user.patch(`/api/line-care/${event.id}`, { kind: "flush", dressingType: null });
    expect(flush.statusCode).toBe(200);
    expect(flush.json().suppliesDrawn).toEqual([]);
    expect(await stockOf(user, dressing)).toBe(10);
    // And back: a dressing change after all draws the kit again, once.
    const again = await user.patch(`/api/line-care/${event.id}`, {
      kind: "dressing",
      dressingType: "transparent",
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().suppliesDrawn).toMatchObject([{ name: "transparent dressing", quantity: 1 }]);
    expect(await stockOf(user, dressing)).toBe(9);
    // Another edit of the dressing change (its time) draws nothing more.
    expect((await user.patch(`/api/line-care/${event.id}`, { time: "08:30" })).statusCode).toBe(200);
    expect(await stockOf(user, dressing)).toBe(9);
    // Deleting it gives back what it drew, once.
    expect((await user.delete(`/api/line-care/${event.id}`)).statusCode).toBe(204);
    expect(await stockOf(user, dressing)).toBe(10);
  });

  it("keeps a drawn usage as its bag drew it: changing it is refused, deleting it gives back what it took", async () => {
    const { user, child, caps } = await familyWithBagKit({ tubing: 5, filter: 5, caps: 1 });
    await logBag(user, child);
    const [usage] = (await user.get(`/api/supply-usage?supplyId=${caps}`)).json();
    expect((await user.patch(`/api/supply-usage/${usage.id}`, { quantityUsed: 1 })).statusCode).toBe(409);
    expect((await user.delete(`/api/supply-usage/${usage.id}`)).statusCode).toBe(204);
    expect(await stockOf(user, caps)).toBe(1);
  });

  it("lets a viewer read the kits but not change them, and refuses another family's supply", async () => {
    const { user, caps } = await familyWithBagKit();
    const viewer = await joinFamily(t, user, { role: "viewer" });
    const lines = (await viewer.get("/api/supply-kits")).json() as { id: string }[];
    expect(lines).toHaveLength(3);
    expect(
      (await viewer.post("/api/supply-kits", { occasion: "dressing", supplyId: caps, quantity: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await viewer.patch(`/api/supply-kits/${lines[0]!.id}`, { quantity: 5 })).statusCode).toBe(403);
    expect((await viewer.delete(`/api/supply-kits/${lines[0]!.id}`)).statusCode).toBe(403);

    const other = await signUp(t.app);
    const theirs = await addSupply(other, "Their filter", 10);
    const refused = await user.post("/api/supply-kits", {
      occasion: "pn-bag",
      supplyId: theirs,
      quantity: 1,
    });
    expect(refused.statusCode).toBe(404);
    expect(await stockOf(other, theirs)).toBe(10);
  });

  it("draws both lines of a supply that is twice in a kit", async () => {
    const { user, child, caps } = await familyWithBagKit();
    await kitLine(user, "pn-bag", caps, 1);
    await logBag(user, child);
    expect(await stockOf(user, caps)).toBe(57);
  });

  it("takes a supply on two lines no further than its stock", async () => {
    const { user, child, caps } = await familyWithBagKit({ tubing: 5, filter: 5, caps: 3 });
    await kitLine(user, "pn-bag", caps, 2);
    const bag = await logBag(user, child);
    expect(bag.statusCode).toBe(201);
    expect(await stockOf(user, caps)).toBe(0);
    const short = (bag.json().suppliesDrawn as Drawn[]).filter((d) => d.name === "caps");
    expect(short.map((d) => d.short).sort()).toEqual([0, 1]);
    await user.delete(`/api/tpn/${bag.json().id}`);
    expect(await stockOf(user, caps)).toBe(3);
  });

  it("keeps the kits and what each bag and dressing drew through an export and a restore into another account", async () => {
    const { user, child, caps } = await familyWithBagKit();
    const bag = (await logBag(user, child, addDays(today(), -1))).json();
    const file = (await user.get("/api/account/export")).json();
    expect(file.supplyKitLines).toHaveLength(3);

    const target = await signUp(t.app);
    const restored = await t.app.inject({
      method: "POST",
      url: "/api/account/import",
      headers: { cookie: target.cookie, "content-type": "application/json" },
      payload: JSON.stringify(file),
    });
    expect(restored.statusCode).toBe(200);
    const kits = (await target.get("/api/supply-kits")).json() as { supplyId: string; quantity: number }[];
    expect(kits.map((line) => line.quantity).sort()).toEqual([1, 1, 2]);
    const supplies = (await target.get("/api/tpn-supplies")).json() as {
      id: string;
      name: string;
      currentStock: number;
    }[];
    const theirCaps = supplies.find((s) => s.name === "caps")!;
    expect(theirCaps.currentStock).toBe(58);
    expect(kits.map((line) => line.supplyId)).toContain(theirCaps.id);
    const [theirBag] = (await target.get("/api/tpn")).json() as { id: string; suppliesDrawn: Drawn[] }[];
    expect(theirBag!.id).not.toBe(bag.id);
    expect(theirBag!.suppliesDrawn.map((d) => [d.name, d.quantity])).toEqual([
      ["caps", 2],
      ["filter", 1],
      ["tubing set", 1],
    ]);
    // The restored bag, deleted, gives its kit back there too; the first family keeps its own.
    expect((await target.delete(`/api/tpn/${theirBag!.id}`)).statusCode).toBe(204);
    expect(await stockOf(target, theirCaps.id)).toBe(60);
    expect(await stockOf(user, caps)).toBe(58);
  });

  it("gives each supply an order-by date from its use, the delivery day and the days to keep", async () => {
    const { user, child, caps } = await familyWithBagKit({ tubing: 30, filter: 30, caps: 40 });
    for (let day = 6; day >= 0; day--)
      expect((await logBag(user, child, addDays(today(), -day))).statusCode).toBe(201);
    // 2 caps a night: 26 left, 13 nights.
    const weekday = (new Date(`${today()}T12:00:00Z`).getUTCDay() + 3) % 7;
    const settings = await user.patch("/api/family/task-settings", {
      deliveryWeekday: weekday,
      stockDaysToKeep: 2,
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().stockDaysToKeep).toBe(2);
    const list = (await user.get("/api/tpn-supplies")).json() as {
      id: string;
      runsOutInDays: number | null;
      reorder: { delivery: string; orderBy: string; late: boolean } | null;
    }[];
    const capsItem = list.find((s) => s.id === caps)!;
    expect(capsItem.runsOutInDays).toBe(13);
    // Deliveries in 3 and 10 days; on day 17 the caps would be gone: the order goes with day 10's.
    expect(capsItem.reorder).toEqual({
      delivery: addDays(today(), 10),
      orderBy: addDays(today(), 9),
      late: false,
    });
  });
});
