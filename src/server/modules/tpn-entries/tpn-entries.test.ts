import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addChild, ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("TPN entries", () => {
  ownedCrudContract(() => t, {
    path: "/api/tpn",
    valid: {
      date: "2026-11-20",
      calories: "850.50",
      protein: "32",
      carbohydrates: "120.25",
      fat: "28",
      volume: "1200",
      duration: 12,
      notes: "Cycled overnight",
    },
    change: { calories: "900.00", duration: 14 },
    updateMethod: "PUT",
    required: ["date", "childId"],
    invalid: { calories: "1234567", duration: "2.5" },
    linksChild: "required",
    dates: { date: "past" },
  });

  it("keeps decimals exact with two places, refuses values that do not fit, and never rounds", async () => {
    const user = await signUp(t.app);
    const childId = await addChild(user);
    const entry = (
      await user.post("/api/tpn", {
        childId,
        date: "2026-11-20",
        calories: "999999.99",
        protein: 12.5,
        fat: "",
      })
    ).json();
    expect(entry).toMatchObject({ calories: "999999.99", protein: "12.50", fat: null, duration: null });
    for (const calories of ["1000000", "10.555", "-3", "ten"]) {
      const response = await user.post("/api/tpn", { childId, date: "2026-11-20", calories });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues[0].path).toBe("calories");
    }
    expect((await user.get(`/api/tpn?childId=${childId}`)).json()).toHaveLength(1);
  });

  it("refuses an entry without any amount (400 on calories), on create and on update", async () => {
    const user = await signUp(t.app);
    const childId = await addChild(user);
    const noAmount = [
      {
        path: "calories",
        message: "Enter at least one amount: calories, protein, carbohydrates, fat or volume",
      },
    ];
    const empty = { childId, date: "2026-11-20", calories: "", duration: 12, notes: "Pump off" };
    const created = await user.post("/api/tpn", empty);
    expect(created.statusCode).toBe(400);
    expect(created.json().issues).toEqual(noAmount);
    expect(created.json().message).toContain("calories: Enter at least one amount");
    expect((await user.get(`/api/tpn?childId=${childId}`)).json()).toEqual([]);

    const entry = (await user.post("/api/tpn", { ...empty, fat: "0" })).json();
    expect(entry).toMatchObject({ fat: "0.00", calories: null });
    const emptied = await user.put(`/api/tpn/${entry.id}`, empty);
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().issues).toEqual(noAmount);
    expect((await user.get(`/api/tpn/${entry.id}`)).json()).toEqual(entry);
  });

  it("lists one child's entries when asked with ?childId=, newest first", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    const ava = await addChild(user, "Ava");
    await user.post("/api/tpn", { childId: sam, date: "2026-11-18", calories: "800" });
    await user.post("/api/tpn", { childId: sam, date: "2026-11-20", calories: "850" });
    await user.post("/api/tpn", { childId: ava, date: "2026-11-19", volume: "900" });
    const list = (await user.get(`/api/tpn?childId=${sam}`)).json();
    expect(list.map((e: { date: string }) => e.date)).toEqual(["2026-11-20", "2026-11-18"]);
    expect((await user.get("/api/tpn?childId=not-an-id")).statusCode).toBe(400);
  });
});
