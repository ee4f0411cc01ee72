import ExcelJS from "exceljs";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addChild } from "../../../../../tests/helpers/owned-crud-contract";
import { pdfPages, wordTables } from "../../../../../tests/helpers/report-files";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../../tests/helpers/test-app";

/**
 * Lab results and fluid in and out as a nurse reads them in the CSV, Excel, PDF and Word exports:
 * a result names its lab test and lists each analyte with its value, unit, range and flag; a feed
 * says where it went, through which tube, what it was, how much in all and the energy it gave; an
 * output what it was, how it was measured and its volume in mL.
 */
let t: TestApp;
let user: TestUser;

const add = async (url: string, body: Record<string, unknown>) => {
  const response = await user.post(url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
};

beforeAll(async () => {
  t = await buildTestApp();
  user = await signUp(t.app);
  const childId = await addChild(user, "Sam Rivera");
  // The lab test was planned on the 1st; its blood was drawn on the 10th.
  const test = await add("/api/lab-tests", {
    childId,
    testName: "Liver panel",
    date: "2026-11-01",
    status: "completed",
  });
  await add("/api/lab-results", {
    childId,
    labTestId: test,
    date: "2026-11-10",
    time: "07:30",
    drawSite: "central-line",
    pnTiming: "during-pn",
    analytes: [
      { analyte: "conjugated-bilirubin", value: 45, unit: "µmol/L", referenceHigh: 5 },
      { analyte: "alt", value: 30, unit: "U/L", referenceLow: 0, referenceHigh: 40 },
    ],
  });
  await add("/api/fluid-intake", {
    childId,
    date: "2026-11-10",
    time: "08:00",
    source: "enteral",
    route: "g-tube",
    product: "PediaSure Peptide 1.0",
    mode: "continuous",
    rateMlPerHour: 50,
    hours: 4,
    kcalPerMl: 1,
  });
  await add("/api/fluid-intake", {
    childId,
    date: "2026-11-10",
    time: "12:30",
    source: "oral",
    product: "Water",
    mode: "bolus",
    volumeMl: 60,
  });
  await add("/api/fluid-output", {
    childId,
    date: "2026-11-10",
    time: "09:00",
    kind: "urine",
    measure: "weight",
    amount: 62,
    dryWeightGrams: 20,
  });
  await add("/api/fluid-output", { childId, date: "2026-11-10", kind: "stool", measure: "not-measured" });
});
afterAll(() => t.close());

const download = async (format: string, query = "") => {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/account/export?format=${format}${query}`,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
};

const LAB_ANALYTES =
  "Conjugated (direct) bilirubin 45 µmol/L (ref ≤ 5 µmol/L), High; ALT 30 U/L (ref 0–40 U/L)";

describe("lab results and fluid in and out in the readable exports", () => {
  it("writes them as a person reads them in the CSV", async () => {
    const zip = await JSZip.loadAsync(await download("csv"));
    const csv = async (name: string) =>
      (await zip.file(name)!.async("string")).replace(/^\uFEFF/, "").split("\r\n");
    const labs = await csv("lab-results.csv");
    expect(labs[0]).toMatch(/^Child,Lab test,Date,Time,Draw site,PN at the draw,Fasting,Lab,Notes,Analytes,/);
    expect(labs[1]).toContain(
      `Sam Rivera,Liver panel,2026-11-10,07:30,From the central line,During PN,,,,"${LAB_ANALYTES}"`,
    );
    const intake = await csv("fluid-intake.csv");
    expect(intake[0]).toMatch(
      /^Child,Date,Time,Source,Route,Product,Mode,Bolus volume \(mL\),Rate \(mL\/h\),Hours,Volume \(mL\),kcal per mL,Energy \(kcal\),Notes,/,
    );
    // A pump at 50 mL/h for 4 hours: 200 mL, 200 kcal at 1 kcal/mL; water: 60 mL, no energy known.
    expect(intake).toContainEqual(
      expect.stringContaining(
        "Sam Rivera,2026-11-10,08:00,Tube feed,G-tube,PediaSure Peptide 1.0,Continuous (rate × hours),,50,4,200,1,200,",
      ),
    );
    expect(intake).toContainEqual(
      expect.stringContaining("Sam Rivera,2026-11-10,12:30,By mouth,,Water,Bolus (a volume),60,,,60,,,"),
    );
    const output = await csv("fluid-output.csv");
    expect(output[0]).toMatch(
      /^Child,Date,Time,Kind,Measure,Amount \(mL or g\),Dry weight \(g\),Volume \(mL\),Notes,/,
    );
    // Weighed: 62 g less a 20 g dry diaper is 42 mL.
    expect(output).toContainEqual(
      expect.stringContaining("Sam Rivera,2026-11-10,09:00,Urine,Weighed (g),62,20,42,"),
    );
    expect(output).toContainEqual(expect.stringContaining("Sam Rivera,2026-11-10,,Stool,Not measured,,,,"));
  });

  it("keeps the volumes and energy as numbers in Excel, beside the lab test's name", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download("excel")) as unknown as ExcelJS.Buffer);
    const rows = (name: string) => {
      const sheet = workbook.getWorksheet(name)!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
      return sheet
        .getSheetValues()
        .slice(2)
        .map((values) =>
          Object.fromEntries(header.map((label, i) => [label, (values as unknown[])[i + 1] ?? null])),
        );
    };
    expect(rows("Lab Results")).toEqual([
      expect.objectContaining({
        "Lab test": "Liver panel",
        "Draw site": "From the central line",
        Analytes: LAB_ANALYTES,
      }),
    ]);
    expect(rows("Fluid Intake")).toEqual([
      expect.objectContaining({
        Source: "Tube feed",
        Route: "G-tube",
        "Volume (mL)": 200,
        "Energy (kcal)": 200,
      }),
      expect.objectContaining({ Source: "By mouth", "Volume (mL)": 60, "Energy (kcal)": null }),
    ]);
    expect(rows("Fluid Output")).toEqual([
      expect.objectContaining({ Kind: "Urine", Measure: "Weighed (g)", "Volume (mL)": 42 }),
      expect.objectContaining({ Kind: "Stool", Measure: "Not measured", "Volume (mL)": null }),
    ]);
  });

  it("prints them in the Word and PDF tables, and a result of a date range names a lab test dated before it", async () => {
    const tables = await wordTables(await download("word"));
    const labs = tables.find((table) => table[0]?.includes("Analytes"))!;
    expect(labs).toEqual([
      ["Child", "Lab test", "Date", "Time", "Draw site", "PN at the draw", "Analytes"],
      [
        "Sam Rivera",
        "Liver panel",
        "Nov 10, 2026",
        "07:30",
        "From the central line",
        "During PN",
        LAB_ANALYTES,
      ],
    ]);
    const intake = tables.find((table) => table[0]?.includes("Source"))!;
    expect(intake[0]).toEqual([
      "Child",
      "Date",
      "Time",
      "Source",
      "Route",
      "Product",
      "Mode",
      "Bolus volume (mL)",
      "Rate (mL/h)",
      "Hours",
      "Volume (mL)",
      "kcal per mL",
      "Energy (kcal)",
    ]);
    expect(intake.slice(1).map((row) => [row[3], row[10], row[12]])).toEqual([
      ["Tube feed", "200", "200"],
      ["By mouth", "60", ""],
    ]);
    const output = tables.find((table) => table[0]?.includes("Measure"))!;
    expect(output[0]).toEqual([
      "Child",
      "Date",
      "Time",
      "Kind",
      "Measure",
      "Amount (mL or g)",
      "Dry weight (g)",
      "Volume (mL)",
    ]);
    expect(output[1]).toEqual([
      "Sam Rivera",
      "Nov 10, 2026",
      "09:00",
      "Urine",
      "Weighed (g)",
      "62",
      "20",
      "42",
    ]);

    // From the 5th: the lab test (the 1st) is outside the range, its result (the 10th) inside.
    const text = (await pdfPages(await download("pdf", "&from=2026-11-05"))).join(" ").normalize("NFKC");
    const results = text.slice(text.indexOf("Lab Results Child"));
    expect(results).toContain("Sam Rivera Liver panel Nov 10, 2026 07:30 From the central line During PN");
    expect(results).toContain(
      "Conjugated (direct) bilirubin 45 µmol/L (ref ≤ 5 µmol/L), High".normalize("NFKC"),
    );
  });
});
