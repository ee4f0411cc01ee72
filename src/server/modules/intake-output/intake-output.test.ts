import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { addChild, ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";
import { addDays, today } from "../../../domain/dates";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("fluid intake", () => {
  ownedCrudContract(() => t, {
    path: "/api/fluid-intake",
    valid: {
      date: "2026-11-20",
      time: "08:00",
      source: "enteral",
      route: "g-tube",
      product: "PediaSure Peptide 1.0",
      mode: "continuous",
      rateMlPerHour: 30,
      hours: 10,
      kcalPerMl: 1,
    },
    change: { product: "Peptamen Junior", time: "09:00" },
    updateMethod: "PATCH",
    required: ["date", "source", "mode", "childId"],
    invalid: { source: "pn", route: "nose", mode: "drip" },
    linksChild: "required",
    dates: { date: "past" },
    listExtras: { totalMl: 300, kcal: 300 },
  });

  it("says what each feed lacks, on its field, and saves nothing", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ source: "enteral", mode: "bolus", volumeMl: 60 }, "route", "Tube is required"],
      [{ source: "oral", route: "ng", mode: "bolus", volumeMl: 60 }, "route", "Only a tube feed has a tube"],
      [{ source: "oral", mode: "bolus" }, "volumeMl", "Volume is required"],
      [{ source: "iv", mode: "continuous", hours: 12 }, "rateMlPerHour", "Rate is required"],
      [
        { source: "iv", mode: "continuous", rateMlPerHour: 10, hours: 0 },
        "hours",
        "Hours must be more than 0",
      ],
      [
        { source: "iv", mode: "continuous", rateMlPerHour: 400, hours: 20 },
        "rateMlPerHour",
        "at most 5000 mL",
      ],
      [{ source: "oral", mode: "bolus", volumeMl: "1e3" }, "volumeMl", "Volume must be a number of mL"],
      [
        { source: "oral", mode: "bolus", volumeMl: 60, hours: 25 },
        "hours",
        "Hours must be a number of hours",
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await user.post("/api/fluid-intake", { childId: sam, date: today(), ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const issue = response.json().issues?.find((e: { path: string }) => e.path === field);
      expect(issue?.message, JSON.stringify(response.json())).toContain(message);
    }
    expect((await user.get(`/api/fluid-intake?childId=${sam}`)).json()).toEqual([]);
  });

  it("keeps a feed's rule on a change of one field: a bolus made continuous needs its rate", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const feed = (
      await user.post("/api/fluid-intake", {
        childId: sam,
        date: today(),
        source: "oral",
        mode: "bolus",
        volumeMl: 90,
      })
    ).json();
    expect(feed).toMatchObject({ totalMl: 90, kcal: null });
    const changed = await user.patch(`/api/fluid-intake/${feed.id}`, { mode: "continuous" });
    expect(changed.statusCode).toBe(400);
    expect((await user.get(`/api/fluid-intake/${feed.id}`)).json()).toMatchObject({ mode: "bolus" });
  });
});

describe("fluid output", () => {
  ownedCrudContract(() => t, {
    path: "/api/fluid-output",
    valid: {
      date: "2026-11-20",
      time: "09:30",
      kind: "urine",
      measure: "weight",
      amount: 62,
      dryWeightGrams: 20,
    },
    change: { notes: "Diaper at the 3 a.m. check", time: "03:10" },
    updateMethod: "PATCH",
    required: ["date", "kind", "measure", "childId"],
    invalid: { kind: "sweat", measure: "guess" },
    linksChild: "required",
    dates: { date: "past" },
    listExtras: { volumeMl: 42 },
  });

  it("says what each output lacks, and counts one not measured without a volume", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: "ostomy", measure: "volume" }, "amount", "Amount is required"],
      [
        { kind: "urine", measure: "not-measured", amount: 20 },
        "amount",
        "An output not measured has no amount",
      ],
      [
        { kind: "urine", measure: "volume", amount: 20, dryWeightGrams: 5 },
        "dryWeightGrams",
        "Only a weighed",
      ],
      [
        { kind: "urine", measure: "weight", amount: 20, dryWeightGrams: 25 },
        "dryWeightGrams",
        "cannot be more",
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await user.post("/api/fluid-output", { childId: sam, date: today(), ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const issue = response.json().issues?.find((e: { path: string }) => e.path === field);
      expect(issue?.message, JSON.stringify(response.json())).toContain(message);
    }
    const wet = await user.post("/api/fluid-output", {
      childId: sam,
      date: today(),
      kind: "urine",
      measure: "not-measured",
    });
    expect(wet.statusCode).toBe(201);
    expect(wet.json()).toMatchObject({ amount: null, volumeMl: null });
  });
});

describe("a day's balance", () => {
  it("adds the PN bag, feeds and outputs of the child's day, per kilogram of the latest weight", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const other = await addChild(user, "Other");
    const day = addDays(today(), -1);
    const post = async (path: string, body: Record<string, unknown>) => {
      const response = await user.post(path, { childId: sam, date: day, ...body });
      expect(response.statusCode, response.body).toBe(201);
    };
    await post("/api/vitals", { date: addDays(day, -3), kind: "weight", value: 10 });
    await post("/api/tpn", { volume: 800, calories: 640, duration: 12 });
    await post("/api/fluid-intake", {
      source: "enteral",
      route: "g-tube",
      mode: "continuous",
      rateMlPerHour: 30,
      hours: 10,
      kcalPerMl: 1,
    });
    await post("/api/fluid-intake", { source: "oral", mode: "bolus", volumeMl: 60, kcalPerMl: 0.67 });
    await post("/api/fluid-output", { kind: "urine", measure: "weight", amount: 262, dryWeightGrams: 22 });
    await post("/api/fluid-output", { kind: "ostomy", measure: "volume", amount: 150 });
    await post("/api/fluid-output", { kind: "urine", measure: "not-measured" });
    // Another day and another child do not count.
    await post("/api/fluid-output", { date: today(), kind: "urine", measure: "volume", amount: 500 });
    await user.post("/api/fluid-intake", {
      childId: other,
      date: day,
      source: "oral",
      mode: "bolus",
      volumeMl: 999,
    });

    const response = await user.get(`/api/intake-output/balance?childId=${sam}&date=${day}`);
    expect(response.statusCode, response.body).toBe(200);
    // 1160 mL in (800 + 300 + 60), 390 mL out (240 + 150), on 10 kg over 24 hours; energy 640 + 300 + 40.
    expect(response.json()).toMatchObject({
      date: day,
      today: false,
      weight: { kg: 10, date: addDays(day, -3) },
      intake: { pn: 800, enteral: 300, oral: 60, iv: 0, total: 1160 },
      output: { urine: 240, ostomy: 150, stool: 0, total: 390 },
      netMl: 770,
      notMeasured: 1,
      energy: { pn: 640, enteral: 300, oral: 40, total: 980 },
      enteralSharePercent: 35,
      perKg: {
        intakeMlPerDay: 116,
        outputMlPerDay: 39,
        ostomyMlPerDay: 15,
        kcalPerDay: 98,
        urineMlPerHour: 1,
      },
    });
    expect(response.json().hours).toBeGreaterThanOrEqual(23);
  });

  it("answers no figures per kilogram without a weight, and refuses a child it does not see or a future day", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const empty = (await user.get(`/api/intake-output/balance?childId=${sam}`)).json();
    expect(empty).toMatchObject({ today: true, weight: null, netMl: 0, enteralSharePercent: null });
    expect(empty.perKg.intakeMlPerDay).toBeNull();

    const stranger = await signUp(t.app);
    expect((await stranger.get(`/api/intake-output/balance?childId=${sam}`)).statusCode).toBe(404);
    expect(
      (await user.get(`/api/intake-output/balance?childId=${sam}&date=${addDays(today(), 1)}`)).statusCode,
    ).toBe(400);
    expect((await user.get(`/api/intake-output/balance?childId=nope`)).statusCode).toBe(400);

    // A caregiver limited to another child does not see this one's day.
    const other = await addChild(user, "Other");
    const helper = await joinFamily(t, user, { role: "caregiver", childIds: [other] });
    expect((await helper.get(`/api/intake-output/balance?childId=${sam}`)).statusCode).toBe(404);
    expect((await helper.get(`/api/intake-output/balance?childId=${other}`)).statusCode).toBe(200);
  });
});
