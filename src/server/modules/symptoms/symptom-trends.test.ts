import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addChild } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";
import { addDays } from "../../../domain/dates";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const today = "2026-11-23";

describe("the symptom heatmap", () => {
  it("aggregates the 30 days ending the family's today, for the chosen child and the unlinked entries", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const leo = await addChild(user, "Leo");
    const ava = await addChild(user, "Ava");
    const add = (date: string, symptoms: string, painLevel: number | null, childId: string | null = null) =>
      user.post("/api/symptoms", { date, symptoms, painLevel, childId });
    await add(today, "fever, chills", 4, leo);
    await add(today, "Fever", 2);
    await add(addDays(today, -29), "fever", 1, leo);
    await add(addDays(today, -30), "fever", 9, leo);
    await add(today, "rash", 5, ava);
    await other.post("/api/symptoms", { date: today, symptoms: "someone else's", painLevel: 10 });

    const all = (await user.get(`/api/symptoms/heatmap?today=${today}`)).json();
    expect(all.days).toHaveLength(30);
    expect(all.rows.map((r: { symptom: string; total: number }) => [r.symptom, r.total])).toEqual([
      ["fever", 7],
      ["rash", 5],
      ["chills", 4],
    ]);
    expect(all.overview[0]).toEqual({
      date: today,
      entries: 3,
      symptoms: ["fever", "chills", "rash"],
      more: false,
      averagePain: 4,
    });

    const leos = (await user.get(`/api/symptoms/heatmap?today=${today}&childId=${leo}`)).json();
    expect(leos.rows.map((r: { symptom: string; total: number }) => [r.symptom, r.total])).toEqual([
      ["fever", 7],
      ["chills", 4],
    ]);
    expect((await user.get("/api/symptoms/heatmap?today=2026-02-30")).statusCode).toBe(400);
  });

  it("answers the empty window with no rows and seven empty days", async () => {
    const user = await signUp(t.app);
    const empty = (await user.get(`/api/symptoms/heatmap?today=${today}`)).json();
    expect(empty.rows).toEqual([]);
    expect(empty.overview).toHaveLength(7);
    expect(empty.overview.every((d: { entries: number }) => d.entries === 0)).toBe(true);
  });
});

describe("trends", () => {
  it("gives the pain level per day over 7, 30 or 90 days", async () => {
    const user = await signUp(t.app);
    await user.post("/api/symptoms", { date: today, symptoms: "a", painLevel: 3 });
    await user.post("/api/symptoms", { date: today, symptoms: "b", painLevel: 6 });
    await user.post("/api/symptoms", { date: addDays(today, -10), symptoms: "c", painLevel: 2 });
    await user.post("/api/symptoms", { date: addDays(today, -1), symptoms: "d" });
    expect((await user.get(`/api/symptoms/pain?today=${today}&days=7`)).json()).toEqual([
      { date: today, average: 4.5, max: 6, entries: 2 },
    ]);
    expect((await user.get(`/api/symptoms/pain?today=${today}&days=30`)).json()).toHaveLength(2);
    expect((await user.get(`/api/symptoms/pain?today=${today}&days=12`)).statusCode).toBe(400);
  });

  it("sums one child's TPN amounts per day", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    const ava = await addChild(user, "Ava");
    await user.post("/api/tpn", { childId: sam, date: today, calories: "800.50", volume: "900" });
    await user.post("/api/tpn", { childId: sam, date: today, calories: "100", protein: "20" });
    await user.post("/api/tpn", { childId: sam, date: addDays(today, -8), calories: "700" });
    await user.post("/api/tpn", { childId: ava, date: today, calories: "500" });
    expect((await user.get(`/api/tpn/daily?childId=${sam}&today=${today}&days=7`)).json()).toEqual([
      { date: today, calories: 900.5, protein: 20, carbohydrates: null, fat: null, volume: 900 },
    ]);
    expect((await user.get(`/api/tpn/daily?childId=${sam}&today=${today}&days=30`)).json()).toHaveLength(2);
    expect((await other.get(`/api/tpn/daily?childId=${sam}&today=${today}`)).json()).toEqual([]);
    expect((await user.get(`/api/tpn/daily?today=${today}`)).statusCode).toBe(400);
  });
});
