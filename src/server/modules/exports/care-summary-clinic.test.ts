import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";

/**
 * What the clinic sees of tonight: a family in Chicago at 21:45 on 26 November 2026 (03:45 UTC on
 * the 27th). Sam has had a line in since 29 October, a fever two nights ago, and 38.3 °C tonight.
 * The care summary (its screen, a clinic link and the PDF) gives the last temperature and every
 * fever of the last 7 days in the family's unit, judged against the family's threshold, the
 * latest weight, and the number the owner chose to share.
 */
let t: TestApp;
let owner: TestUser;
let childId: string;

const add = async (user: TestUser, url: string, body: Record<string, unknown>) => {
  const response = await user.post(url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
};

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.advance(Date.parse("2026-11-27T03:45:00Z") - t.clock.now().getTime());
  owner = await signUp(t.app, { timeZone: "America/Chicago" });
  childId = await add(owner, "/api/children", { name: "Sam Rivera" });
  await add(owner, "/api/picc-lines", {
    childId,
    insertionDate: "2026-10-29",
    insertionSite: "left-arm",
    lineType: "single-lumen",
  });
  const temperature = (date: string, time: string | null, value: number) =>
    add(owner, "/api/vitals", { childId, date, time, kind: "temperature", value, site: "axillary" });
  // Eight days ago: outside the last 7 days (the 20th to the 26th).
  await temperature("2026-11-18", "22:00", 39.4);
  await temperature("2026-11-24", "20:10", 38.1);
  await temperature("2026-11-25", "08:00", 37.95);
  await temperature("2026-11-26", "21:40", 38.3);
  await add(owner, "/api/vitals", { childId, date: "2026-11-22", kind: "weight", value: 12.4 });
});
afterAll(() => t.close());

const summaryOf = async (user: TestUser) => {
  const response = await user.get(`/api/care-summary?childId=${childId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0];
};

async function pdfText(file: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(file), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  const text = content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
  await pdf.destroy();
  return text.replace(/\s+/g, " ");
}

describe("the care summary the clinic reads", () => {
  it("gives the last temperature and the fevers of the last 7 days in °C, at the family's threshold", async () => {
    const summary = await summaryOf(owner);
    expect(summary.temperature).toEqual({
      unit: "C",
      threshold: "38.0 °C",
      latest: { date: "2026-11-26", time: "21:40", celsius: 38.3, shown: "38.3 °C", fever: true },
      // 37.95 °C reads "38.0 °C": a fever at 38.0 °C, as the family reads both (vitals.ts `isFever`).
      recentFevers: [
        { date: "2026-11-26", time: "21:40", celsius: 38.3, shown: "38.3 °C", fever: true },
        { date: "2026-11-25", time: "08:00", celsius: 37.95, shown: "38.0 °C", fever: true },
        { date: "2026-11-24", time: "20:10", celsius: 38.1, shown: "38.1 °C", fever: true },
      ],
    });
    expect(summary.latestWeight).toEqual({ date: "2026-11-22", value: 12.4 });
  });

  it("reads them in °F against a threshold typed in °F (100.5 °F)", async () => {
    const settings = await owner.patch("/api/family", { temperatureUnit: "F", feverThresholdC: 38.06 });
    expect(settings.statusCode, settings.body).toBe(200);
    try {
      const summary = await summaryOf(owner);
      expect(summary.temperature.unit).toBe("F");
      expect(summary.temperature.threshold).toBe("100.5 °F");
      expect(summary.temperature.latest).toMatchObject({ shown: "100.9 °F", fever: true });
      // 37.95 °C is 100.3 °F: under 100.5 °F, no fever; 38.1 °C is 100.6 °F, one.
      expect(summary.temperature.recentFevers.map((f: { shown: string }) => f.shown)).toEqual([
        "100.9 °F",
        "100.6 °F",
      ]);
    } finally {
      await owner.patch("/api/family", { temperatureUnit: "C", feverThresholdC: 38 });
    }
  });

  it("gives the number the owner shares, only the owner sets it, and empty means not shown", async () => {
    const caregiver = await joinFamily(t, owner, { role: "caregiver", firstName: "Rosa" });
    expect((await summaryOf(owner)).familyContact).toBeNull();
    expect((await owner.get("/api/family/contact")).json()).toEqual({ name: null, phone: null });

    const refused = await caregiver.put("/api/family/contact", { name: "Rosa", phone: "555-0199" });
    expect(refused.statusCode).toBe(403);
    const bad = await owner.put("/api/family/contact", { name: "Maria", phone: "call me" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe("phone");

    const set = await owner.put("/api/family/contact", { name: "Maria Lopez (mother)", phone: "555-0142" });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ name: "Maria Lopez (mother)", phone: "555-0142" });
    expect((await caregiver.get("/api/family/contact")).json()).toEqual(set.json());
    expect((await summaryOf(caregiver)).familyContact).toEqual({
      name: "Maria Lopez (mother)",
      phone: "555-0142",
    });

    // A name without a number is not shown: there is nothing to call.
    await owner.put("/api/family/contact", { name: "Maria", phone: null });
    expect((await summaryOf(owner)).familyContact).toBeNull();
    await owner.put("/api/family/contact", { name: "Maria Lopez (mother)", phone: "555-0142" });
  });

  it("shows the temperature, the fevers, the weight and the number on the clinic link, signed out", async () => {
    await owner.put("/api/family/contact", { name: "Maria Lopez (mother)", phone: "555-0142" });
    const link = await owner.post("/api/share-links", { childId, expiresInHours: 24 });
    expect(link.statusCode, link.body).toBe(201);
    const token = new URL(link.json().url).pathname.split("/").pop();
    const opened = await t.app.inject({ method: "GET", url: `/api/shared/${token}` });
    expect(opened.statusCode, opened.body).toBe(200);
    const { summary } = opened.json();
    expect(summary.temperature.latest).toMatchObject({ date: "2026-11-26", shown: "38.3 °C", fever: true });
    expect(summary.temperature.recentFevers).toHaveLength(3);
    expect(summary.latestWeight).toEqual({ date: "2026-11-22", value: 12.4 });
    expect(summary.familyContact).toEqual({ name: "Maria Lopez (mother)", phone: "555-0142" });
  });

  it("prints them on the PDF's summary page", async () => {
    await owner.put("/api/family/contact", { name: "Maria Lopez (mother)", phone: "555-0142" });
    const pdf = await owner.get("/api/account/export?format=pdf");
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Last temperature: 38.3 °C (Nov 26, 2026 21:40) – fever");
    expect(text).toContain(
      "Fevers in the last 7 days (38.0 °C or higher): 38.3 °C Nov 26, 2026 21:40; 38.0 °C Nov 25, 2026 08:00; 38.1 °C Nov 24, 2026 20:10",
    );
    expect(text).toContain("Weight: 12.4 kg (Nov 22, 2026)");
    expect(text).toContain("Family contact: Maria Lopez (mother), 555-0142");
  });

  it("counts the line's days in as its catheter-days, on every screen (29 October to 26 November: 29)", async () => {
    const summary = await summaryOf(owner);
    const rates = (await owner.get(`/api/picc-lines/rates?childId=${childId}`)).json();
    expect(summary.currentLine.daysIn).toBe(29);
    expect(summary.lineDays.catheterDays).toBe(29);
    expect(rates.child.catheterDays).toBe(29);
  });
});
