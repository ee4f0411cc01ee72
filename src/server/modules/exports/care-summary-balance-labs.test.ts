import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { wordParagraphs } from "../../../../tests/helpers/report-files";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";

/**
 * Today's balance and the latest abnormal results on the care summary, for a family in Chicago at
 * 21:45 on 26 November 2026 (03:45 UTC on the 27th): "today" is the 26th on the family's clock, and
 * 21.75 hours of it have gone by.
 */
let t: TestApp;
let owner: TestUser;
let sam: string;
let leo: string;

const add = async (user: TestUser, url: string, body: Record<string, unknown>) => {
  const response = await user.post(url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
};

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.advance(Date.parse("2026-11-27T03:45:00Z") - t.clock.now().getTime());
  owner = await signUp(t.app, { timeZone: "America/Chicago" });
  sam = await add(owner, "/api/children", { name: "Sam Rivera" });
  leo = await add(owner, "/api/children", { name: "Leo Rivera" });
  await add(owner, "/api/vitals", { childId: sam, date: "2026-11-22", kind: "weight", value: 12.4 });
  await add(owner, "/api/fluid-limits", { childId: sam, ostomyMaxMlPerKgDay: 40, urineMinMlPerKgHour: 1 });

  // Today (the 26th): last night's bag, a tube feed, a drink; urine, ostomy output, a stool not measured.
  await add(owner, "/api/tpn", {
    childId: sam,
    date: "2026-11-26",
    volume: "800",
    calories: "600",
    duration: 12,
  });
  const intake = (body: Record<string, unknown>) =>
    add(owner, "/api/fluid-intake", { childId: sam, date: "2026-11-26", mode: "bolus", ...body });
  await intake({ time: "08:00", source: "enteral", route: "g-tube", volumeMl: 200, kcalPerMl: 1 });
  await intake({ time: "12:30", source: "oral", volumeMl: 60, kcalPerMl: 0.67 });
  const output = (date: string, body: Record<string, unknown>) =>
    add(owner, "/api/fluid-output", { childId: sam, date, ...body });
  await output("2026-11-26", { time: "09:00", kind: "urine", measure: "volume", amount: 261 });
  await output("2026-11-26", { time: "14:00", kind: "ostomy", measure: "volume", amount: 150 });
  await output("2026-11-26", { time: "18:00", kind: "stool", measure: "not-measured" });
  // Yesterday (the 25th), its last hour: 05:30 UTC on the 26th, still yesterday on the family's clock.
  await output("2026-11-25", { time: "23:30", kind: "ostomy", measure: "volume", amount: 620 });

  // Labs: a liver panel with a high bilirubin and a critical potassium, since back in range; a
  // glucose above the lab's range with no flag given; a zinc low 14 months ago, outside the window.
  const panel = await add(owner, "/api/lab-tests", {
    childId: sam,
    testName: "Liver panel",
    date: "2026-11-10",
    status: "completed",
  });
  await add(owner, "/api/lab-results", {
    childId: sam,
    labTestId: panel,
    date: "2026-11-10",
    time: "07:30",
    drawSite: "central-line",
    pnTiming: "during-pn",
    analytes: [
      { analyte: "conjugated-bilirubin", value: 45, unit: "µmol/L", referenceHigh: 5 },
      { analyte: "alt", value: 30, unit: "U/L", referenceLow: 0, referenceHigh: 40 },
      {
        analyte: "potassium",
        value: 2.4,
        unit: "mmol/L",
        referenceLow: 3.5,
        referenceHigh: 5,
        flag: "critical",
      },
    ],
  });
  await add(owner, "/api/lab-results", {
    childId: sam,
    date: "2026-11-20",
    analytes: [
      { analyte: "potassium", value: 4.1, unit: "mmol/L", referenceLow: 3.5, referenceHigh: 5 },
      { analyte: "glucose", value: 12, unit: "mmol/L", referenceLow: 3.5, referenceHigh: 7.8 },
      { name: "Ammonia", value: 40, unit: "µmol/L" },
    ],
  });
  await add(owner, "/api/lab-results", {
    childId: sam,
    date: "2025-09-20",
    analytes: [{ analyte: "zinc", value: 40, unit: "µg/dL", referenceLow: 60, referenceHigh: 120 }],
  });
});
afterAll(() => t.close());

const summaryOf = async (user: TestUser, childId: string) => {
  const response = await user.get(`/api/care-summary?childId=${childId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0];
};

const SAM_BALANCE = {
  date: "2026-11-26",
  hours: 21.75,
  logged: true,
  weight: { kg: 12.4, date: "2026-11-22" },
  // In: 800 (PN) + 200 (tube) + 60 (mouth) = 1,060 mL; out: 261 + 150 = 411 mL (the stool not measured).
  intakeMl: 1060,
  outputMl: 411,
  netMl: 649,
  // 1,060 / 12.4 = 85.5 mL/kg; 411 / 12.4 = 33.1 mL/kg.
  intakeMlPerKg: 85.5,
  outputMlPerKg: 33.1,
  // 261 mL / 12.4 kg / 21.75 h = 0.97 mL/kg/h.
  urineMlPerKgHour: 0.97,
  // PN 600 kcal; feeds 200 × 1 + 60 × 0.67 = 240 kcal; 240 / 840 = 29 % from feeds.
  energy: { pn: 600, feeds: 240, total: 840 },
  enteralSharePercent: 29,
  notMeasured: 1,
  feedsWithoutEnergy: 0,
  // Yesterday's ostomy output: 620 / 12.4 = 50 mL/kg, above the team's 40.
  yesterday: {
    date: "2026-11-25",
    crossed: ["Ostomy output 50 mL/kg, above the limit of 40 mL/kg/day"],
  },
};

const SAM_LABS = {
  months: 12,
  results: [
    {
      date: "2026-11-20",
      time: null,
      analyte: "Glucose",
      value: 12,
      unit: "mmol/L",
      range: "3.5–7.8 mmol/L",
      flag: "high",
      context: null,
    },
    {
      date: "2026-11-10",
      time: "07:30",
      analyte: "Conjugated (direct) bilirubin",
      value: 45,
      unit: "µmol/L",
      range: "≤ 5 µmol/L",
      flag: "high",
      context: "From the central line, During PN",
    },
  ],
};

describe("today's balance and the latest abnormal results on the care summary", () => {
  it("adds up today on the family's clock and names the limits crossed yesterday", async () => {
    const summary = await summaryOf(owner, sam);
    expect(summary.fluidBalance).toEqual(SAM_BALANCE);
  });

  it("lists each analyte's latest value when it is abnormal, newest first, with its range and the draw's context", async () => {
    const summary = await summaryOf(owner, sam);
    // Potassium was critical on the 10th and back in range on the 20th: not listed. The zinc is
    // older than 12 months; the ammonia has no range to be out of.
    expect(summary.abnormalLabs).toEqual(SAM_LABS);
  });

  it("says nothing was logged today and there are no abnormal results, for a child without them", async () => {
    const summary = await summaryOf(owner, leo);
    expect(summary.fluidBalance).toMatchObject({
      logged: false,
      intakeMl: 0,
      outputMl: 0,
      weight: null,
      urineMlPerKgHour: null,
      enteralSharePercent: null,
      yesterday: { date: "2026-11-25", crossed: [] },
    });
    expect(summary.abnormalLabs).toEqual({ months: 12, results: [] });
  });

  it("lists at most 8 abnormal results", async () => {
    const user = await signUp(t.app, { timeZone: "America/Chicago" });
    const child = await add(user, "/api/children", { name: "Mia" });
    const names = Array.from({ length: 10 }, (_, i) => `Marker ${i + 1}`);
    await add(user, "/api/lab-results", {
      childId: child,
      date: "2026-11-01",
      analytes: names.map((name) => ({ name, value: 9, unit: "U/L", referenceHigh: 5 })),
    });
    const summary = await summaryOf(user, child);
    expect(summary.abnormalLabs.results.map((r: { analyte: string }) => r.analyte)).toEqual(
      names.slice(0, 8),
    );
  });

  it("shows the clinician the same parts on a clinic link, and a link for another child shows none of them", async () => {
    const link = async (childId: string) => {
      const made = await owner.post("/api/share-links", { childId, expiresInHours: 24 });
      expect(made.statusCode, made.body).toBe(201);
      const token = new URL(made.json().url).pathname.split("/").pop();
      const opened = await t.app.inject({ method: "GET", url: `/api/shared/${token}` });
      expect(opened.statusCode, opened.body).toBe(200);
      return opened.json().summary;
    };
    const forSam = await link(sam);
    expect(forSam.fluidBalance).toEqual(SAM_BALANCE);
    expect(forSam.abnormalLabs).toEqual(SAM_LABS);
    const forLeo = await link(leo);
    expect(forLeo.child.name).toBe("Leo Rivera");
    expect(forLeo.fluidBalance.logged).toBe(false);
    expect(forLeo.abnormalLabs.results).toEqual([]);
    expect(JSON.stringify(forLeo)).not.toMatch(/Glucose|bilirubin|Ostomy/);
  });

  it("shows a member limited to one child that child's parts only", async () => {
    const caregiver = await joinFamily(t, owner, { role: "caregiver", childIds: [leo] });
    expect((await caregiver.get(`/api/care-summary?childId=${sam}`)).json()).toEqual([]);
    const all = (await caregiver.get("/api/care-summary")).json();
    expect(all.map((s: { child: { name: string } }) => s.child.name)).toEqual(["Leo Rivera"]);
    expect(JSON.stringify(all)).not.toMatch(/Glucose|bilirubin/);
  });

  it("prints them on the PDF's summary page, after the emergency part", async () => {
    const pdf = await owner.get(`/api/account/export?format=pdf&childId=${sam}`);
    expect(pdf.statusCode).toBe(200);
    const doc = await getDocument({
      data: new Uint8Array(pdf.rawPayload),
      useSystemFonts: false,
      isEvalSupported: false,
    }).promise;
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(
        content.items
          .map((item) => ("str" in item ? item.str : ""))
          .join(" ")
          .replace(/\s+/g, " "),
      );
    }
    await doc.destroy();
    const summary = pages
      .slice(
        0,
        pages.findIndex((p) => p.includes("Records in full")),
      )
      .join(" ");
    expect(summary.indexOf("Allergies")).toBeLessThan(summary.indexOf("Fluid balance today"));
    for (const text of [
      "In and out: in 1,060 mL (85.5 mL/kg), out 411 mL (33.1 mL/kg), net +649 mL",
      "Urine: 0.97 mL/kg/h over the 21.8 h so far",
      "Energy: 840 kcal: PN 600 kcal, feeds 240 kcal (29 % from feeds)",
      "Not counted: 1 output not measured",
      "Limits crossed yesterday: Ostomy output 50 mL/kg, above the limit of 40 mL/kg/day",
      "Latest abnormal lab results",
      "Nov 20, 2026 – Glucose 12 mmol/L (ref 3.5–7.8 mmol/L), High",
      "Nov 10, 2026 07:30 – Conjugated (direct) bilirubin 45 µmol/L (ref ≤ 5 µmol/L), High · From the central line, During PN",
    ]) {
      // The PDF's text reads the micro sign as the Greek mu: both compared in their compatible form.
      expect(summary.normalize("NFKC")).toContain(text.normalize("NFKC"));
    }
    // The Word report says the same, before the records.
    const word = await owner.get(`/api/account/export?format=word&childId=${sam}`);
    const paragraphs = await wordParagraphs(word.rawPayload);
    const before = paragraphs.slice(0, paragraphs.indexOf("Records in full")).join("\n");
    expect(before).toContain("Fluid balance today");
    expect(before).toContain("Energy: 840 kcal: PN 600 kcal, feeds 240 kcal (29 % from feeds)");
    expect(before).toContain("Latest abnormal lab results");
    expect(before).toContain("Glucose 12 mmol/L (ref 3.5–7.8 mmol/L), High");
  });
});
