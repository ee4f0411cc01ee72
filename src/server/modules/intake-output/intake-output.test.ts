import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { addChild, ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";
import { todayIn } from "../../../domain/clock";
import { addDays, today } from "../../../domain/dates";
import { weekStart } from "../../../domain/weaning";

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

describe("the team's output limits", () => {
  ownedCrudContract(() => t, {
    path: "/api/fluid-limits",
    valid: { ostomyMaxMlPerKgDay: 40, stoolMaxMlPerKgDay: 30, urineMinMlPerKgHour: 1, setBy: "GI clinic" },
    change: { urineMinMlPerKgHour: 0.5, notes: "Until the next visit" },
    updateMethod: "PATCH",
    required: ["childId"],
    invalid: { ostomyMaxMlPerKgDay: "lots", urineMinMlPerKgHour: 25 },
    linksChild: "required",
  });

  it("keeps the limits as the team changes them: the newest are in force", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    for (const limit of [40, 30]) {
      const set = await user.post("/api/fluid-limits", { childId: sam, ostomyMaxMlPerKgDay: limit });
      expect(set.statusCode).toBe(201);
    }
    const listed = (await user.get(`/api/fluid-limits?childId=${sam}`)).json();
    expect(listed.map((l: { ostomyMaxMlPerKgDay: number }) => l.ostomyMaxMlPerKgDay)).toEqual([30, 40]);
    const balance = (await user.get(`/api/intake-output/balance?childId=${sam}`)).json();
    expect(balance.limits.ostomyMaxMlPerKgDay).toBe(30);
  });

  it("says which limits a day crossed, and never a low urine on a day without measured urine", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const day = addDays(today(), -1);
    await user.post("/api/vitals", { childId: sam, date: day, kind: "weight", value: 8 });
    await user.post("/api/fluid-limits", { childId: sam, ostomyMaxMlPerKgDay: 40, urineMinMlPerKgHour: 1 });
    await user.post("/api/fluid-output", {
      childId: sam,
      date: day,
      kind: "ostomy",
      measure: "volume",
      amount: 360,
    });
    await user.post("/api/fluid-output", { childId: sam, date: day, kind: "urine", measure: "not-measured" });
    const balance = (await user.get(`/api/intake-output/balance?childId=${sam}&date=${day}`)).json();
    // 360 mL / 8 kg = 45 mL/kg/day, above 40; urine was not measured, so no figure to judge.
    expect(balance.crossed).toEqual([
      { key: "ostomy", text: "Ostomy output 45 mL/kg, above the limit of 40 mL/kg/day" },
    ]);
    expect(balance.limits).toMatchObject({ ostomyMaxMlPerKgDay: 40, urineMinMlPerKgHour: 1 });
  });

  it("makes a day past a limit a care task the next morning, on the family's clock, until the team is told", async () => {
    const ZONE = "America/Chicago";
    // 15:00 UTC is 09:00 in Chicago in winter: the task's due time.
    const at = t.clock.now();
    t.clock.advance(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1, 15) - at.getTime());
    const familyToday = todayIn(ZONE, t.clock.now());
    const yesterday = addDays(familyToday, -1);
    const user = await signUp(t.app, { timeZone: ZONE });
    const sam = await addChild(user);
    const taskOf = async () =>
      ((await user.get("/api/tasks")).json() as { id: string; title: string; detail: string }[]).find(
        (task) => task.id === `fluid-limits:${sam}`,
      );
    await user.post("/api/vitals", { childId: sam, date: addDays(yesterday, -1), kind: "weight", value: 10 });
    await user.post("/api/fluid-output", {
      childId: sam,
      date: yesterday,
      kind: "urine",
      measure: "volume",
      amount: 120,
    });
    // No limits yet: no task.
    expect(await taskOf()).toBeUndefined();
    await user.post("/api/fluid-limits", { childId: sam, urineMinMlPerKgHour: 1 });
    // 120 mL / 10 kg / 24 h = 0.5 mL/kg/h, below 1.
    const task = await taskOf();
    expect(task?.detail).toBe(
      "Urine 0.5 mL/kg/h, below the limit of 1 mL/kg/h. Tell the team as they asked.",
    );
    expect(task?.title).toMatch(/^Output past the team's limits on \w{3} \w{3} \d{1,2}$/);

    const told = await user.post(`/api/tasks/${encodeURIComponent(`fluid-limits:${sam}`)}/done`, {});
    expect(told.statusCode, told.body).toBe(200);
    expect(await taskOf()).toBeUndefined();
    // The next day (18 hours on: 03:00 in Chicago) looks at its own yesterday, which had nothing
    // past a limit. (Used at least every 90 minutes: a session idles out after 120.)
    for (let hours = 0; hours < 18; hours += 1.5) {
      t.clock.advance(1.5 * 3_600_000);
      const seen = await user.get("/api/auth/user");
      expect(seen.statusCode, seen.body).toBe(200);
    }
    expect(todayIn(ZONE, t.clock.now())).toBe(addDays(familyToday, 1));
    expect(await taskOf()).toBeUndefined();
  });
});

describe("the road off PN", () => {
  // On the family's clock, which the test's clock drives (another test here moves it on).
  const ZONE = "Europe/Paris";
  const familyToday = () => todayIn(ZONE, t.clock.now());

  it("adds each week's energy by route with the feeds' share, PN nights and volume, and the prescription's versions", async () => {
    const user = await signUp(t.app, { timeZone: ZONE });
    const sam = await addChild(user);
    // Two whole weeks, Monday to Sunday, ended at least a week ago.
    const monday = weekStart(addDays(familyToday(), -21));
    const next = addDays(monday, 7);
    const post = async (path: string, body: Record<string, unknown>) => {
      const response = await user.post(path, { childId: sam, ...body });
      expect(response.statusCode, response.body).toBe(201);
    };
    await post("/api/vitals", { date: addDays(monday, -30), kind: "weight", value: 10 });
    // In force from before the range: 500 mL of 10 % dextrose (50 g × 3.4 = 170 kcal), 15 g amino
    // acids (× 4 = 60) and 17 g fat of a 20 % emulsion (× 10 = 170): 400 kcal a bag. From the
    // second Monday: 400 mL (40 g × 3.4 = 136), 15 g (60), 10 g (100): 296 kcal.
    const bag = { infusionHours: 12, dextrosePercent: 10, aminoAcidsG: 15, lipidPercent: 20 };
    await post("/api/pn-prescriptions", {
      ...bag,
      startDate: addDays(monday, -60),
      bagVolumeMl: 500,
      lipidG: 17,
    });
    await post("/api/pn-prescriptions", {
      ...bag,
      startDate: next,
      bagVolumeMl: 400,
      lipidG: 10,
      nightsPerWeek: 5,
    });
    // Week one: PN on Monday and Tuesday (500 mL, 400 kcal each); a 300 mL tube feed at 1.0
    // kcal/mL on Monday. Week two: one bag of 400 mL and 296 kcal; 300 mL by tube and 104 mL by
    // mouth at 1.0 kcal/mL.
    await post("/api/tpn", { date: monday, volume: 500, calories: 400 });
    await post("/api/tpn", { date: addDays(monday, 1), volume: 500, calories: 400 });
    const feed = { source: "enteral", route: "g-tube", mode: "bolus", volumeMl: 300, kcalPerMl: 1 };
    await post("/api/fluid-intake", { ...feed, date: monday });
    await post("/api/tpn", { date: next, volume: 400, calories: 296 });
    await post("/api/fluid-intake", { ...feed, date: addDays(next, 2) });
    await post("/api/fluid-intake", {
      source: "oral",
      mode: "bolus",
      volumeMl: 104,
      kcalPerMl: 1,
      date: next,
    });

    const response = await user.get(
      `/api/intake-output/weaning?childId=${sam}&from=${addDays(monday, 3)}&to=${addDays(next, 6)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const weaning = response.json();
    // The range starts on its first week's Monday.
    expect(weaning).toMatchObject({ from: monday, to: addDays(next, 6), by: "week" });
    expect(weaning.rows).toEqual([
      {
        start: monday,
        end: addDays(monday, 6),
        loggedDays: 2,
        // 300 / 1,100 kcal = 27.3 % from feeds; (1,100 / 10 kg) over 2 days: 60 and 50 kcal/kg.
        energy: { pn: 800, enteral: 300, oral: 0, total: 1100 },
        kcalPerDay: 550,
        kcalPerKgDay: 55,
        share: { pn: 72.7, enteral: 27.3, oral: 0, feeds: 27.3 },
        pnNights: 2,
        // The first version does not say its nights: every night.
        prescribedNights: 7,
        pnVolumeMl: 1000,
        feedsWithoutEnergy: 0,
      },
      {
        start: next,
        end: addDays(next, 6),
        loggedDays: 2,
        // (300 + 104) / 700 kcal = 57.7 % from feeds: tube 42.9 %, mouth 14.9 %.
        energy: { pn: 296, enteral: 300, oral: 104, total: 700 },
        kcalPerDay: 350,
        kcalPerKgDay: 35,
        share: { pn: 42.3, enteral: 42.9, oral: 14.9, feeds: 57.7 },
        pnNights: 1,
        prescribedNights: 5,
        pnVolumeMl: 400,
        feedsWithoutEnergy: 0,
      },
    ]);
    expect(weaning.prescriptions).toMatchObject([
      { startDate: addDays(monday, -60), endDate: addDays(next, -1), bagKcal: 400 },
      {
        startDate: next,
        endDate: null,
        bagKcal: 296,
        text: "400 mL over 12 h, 5 nights a week, 296 kcal a bag",
      },
    ]);

    const days = (
      await user.get(
        `/api/intake-output/weaning?childId=${sam}&from=${monday}&to=${addDays(monday, 2)}&by=day`,
      )
    ).json();
    expect(
      days.rows.map((r: { start: string; share: { feeds: number } | null }) => [r.start, r.share?.feeds]),
    ).toEqual([
      [monday, 42.9],
      [addDays(monday, 1), 0],
      [addDays(monday, 2), undefined],
    ]);
  });

  it("refuses a range it cannot read, and a child the reader does not see; a viewer reads", async () => {
    const user = await signUp(t.app, { timeZone: ZONE });
    const sam = await addChild(user);
    const url = (query: string) => `/api/intake-output/weaning?childId=${sam}&${query}`;
    const cases: [string, string][] = [
      [`from=${familyToday()}&to=${addDays(familyToday(), -1)}`, "from must be on or before to"],
      [`to=${addDays(familyToday(), 1)}`, "to cannot be in the future"],
      [`by=day&from=${addDays(familyToday(), -120)}`, "A range by day is at most 120 days"],
      [`from=${addDays(familyToday(), -731)}`, "A range by week is at most 731 days (two years)"],
      ["by=month", "by must be week or day"],
      ["from=2026-02-30", "from"],
    ];
    for (const [query, message] of cases) {
      const response = await user.get(url(query));
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toContain(message);
    }
    // The longest ranges are read.
    expect((await user.get(url(`by=day&from=${addDays(familyToday(), -119)}`))).statusCode).toBe(200);
    const empty = await user.get(url(`from=${addDays(familyToday(), -730)}`));
    expect(empty.statusCode).toBe(200);
    expect(empty.json().rows.every((r: { loggedDays: number }) => r.loggedDays === 0)).toBe(true);
    expect(empty.json().prescriptions).toEqual([]);

    const stranger = await signUp(t.app);
    expect((await stranger.get(url("by=week"))).statusCode).toBe(404);
    const other = await addChild(user, "Other");
    const helper = await joinFamily(t, user, { role: "caregiver", childIds: [other] });
    expect((await helper.get(url("by=week"))).statusCode).toBe(404);
    const viewer = await joinFamily(t, user, { role: "viewer" });
    expect((await viewer.get(url("by=week"))).statusCode).toBe(200);
  });
});
