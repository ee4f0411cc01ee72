import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfPages, wordParagraphs, wordTables } from "../../../../../tests/helpers/report-files";
import { seedEveryRecordType } from "../../../../../tests/helpers/seed-records";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../../tests/helpers/test-app";
import type { CurrentUser } from "../../../../domain/auth";
import { deviceTimeZone } from "../../../../domain/clock";
import { addDays, daysBetween, today } from "../../../../domain/dates";
import { daysAgoText, type ExportScope } from "../../../../domain/exports";
import { FEVER_PLAN } from "../../../../domain/fever-plan";
import { type ExportFormatter, exportContext } from "../export-model";
import { excelExport } from "./excel";
import { pdfExport } from "./pdf";
import { RECORDS_TITLE, readableDate } from "./report-content";
import { wordExport } from "./word";

let t: TestApp;
let user: TestUser;
let account: CurrentUser;
let samId: string;
let leoId: string;

beforeAll(async () => {
  t = await buildTestApp();
  user = await signUp(t.app, { firstName: "Maria", lastName: "Lopez" });
  ({ childId: samId } = await seedEveryRecordType(t, user));
  // A second child, added after Sam, with records of his own (a name outside Latin-1, too).
  const add = async (url: string, body: Record<string, unknown>) => {
    const response = await user.post(url, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  leoId = await add("/api/children", { name: "Leo Martín Øster", medicalDiagnosis: "Gastroschisis" });
  await add("/api/allergies", {
    childId: leoId,
    allergen: "Peanuts",
    reaction: "Swelling",
    severity: "severe",
  });
  await add("/api/symptoms", { childId: leoId, date: "2026-11-12", symptoms: "dry cough", painLevel: 2 });
  // A control character pasted into a note: left out, not printed as a box.
  await add("/api/notes", {
    childId: leoId,
    title: "Night feed",
    content: "Pump beeped\u0007 twice",
    tags: "",
  });
  // Marked active, but it ended yesterday.
  await add("/api/medications", {
    childId: leoId,
    name: "Amoxicillin course",
    dosage: "250 mg",
    frequency: "twice daily",
    isActive: "true",
    startDate: addDays(today(), -10),
    endDate: addDays(today(), -1),
  });
  account = (await user.get("/api/auth/user")).json();
});
afterAll(() => t.close());

/**
 * Each report once per format and scope: the tests only read the family made above, and several
 * check other parts of the same document (a PDF takes a while to write, and longer to read back).
 */
const rendered = new Map<ExportFormatter, Map<string, Promise<Buffer>>>();
function once(formatter: ExportFormatter, key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const byKey = rendered.get(formatter) ?? new Map<string, Promise<Buffer>>();
  rendered.set(formatter, byKey);
  let file = byKey.get(key);
  if (!file) {
    file = make();
    byKey.set(key, file);
  }
  return file;
}

const render = (formatter: ExportFormatter, scope: ExportScope = {}) =>
  once(formatter, JSON.stringify(scope), () =>
    buffer(
      formatter.render(
        exportContext({ db: t.database.db, storage: t.storage, familyId: user.familyId, account, scope }),
      ),
    ),
  );

/** A PDF's pages as text, read once per document (a copy each time: a test may change its own). */
const readPages = new WeakMap<Buffer, Promise<string[]>>();
async function pagesOf(file: Buffer): Promise<string[]> {
  let pages = readPages.get(file);
  if (!pages) {
    pages = pdfPages(file);
    readPages.set(file, pages);
  }
  return [...(await pages)];
}

/** The line is the seeded double-lumen one, in since Jul 5, 2026, with one bloodstream infection. */
function lineFigures() {
  // The line's day (the day it went in is day 1) is its catheter-days.
  const daysIn = daysBetween("2026-07-05", today()) + 1;
  return { daysIn: `${daysIn} days in`, rate: `${(1000 / daysIn).toFixed(1)} per 1,000 catheter-days` };
}

const SUMMARY_TEXTS = () => [
  "Sam Rivera",
  "Short bowel syndrome",
  "Weight: 21.4 kg (Nov 20, 2026)",
  FEVER_PLAN.title,
  "Fever: 38.0 °C (100.4 °F) or higher",
  `Act now: ${FEVER_PLAN.action}`,
  ...FEVER_PLAN.tellThem,
  "Sources: NASPGHAN position paper on intestinal failure",
  `Last dressing change: Nov 20, 2026 (${daysAgoText(daysBetween("2026-11-20", today()))}) · transparent`,
  "Latex – Life-threatening",
  "Reaction: Hives",
  "Ursodiol",
  "60 mg · Twice daily · By mouth · Schedule: 08:00, 20:00",
  `Last dose: Skipped Nov 20, 2026 20:00 (${deviceTimeZone()}) by Maria Lopez`,
  "PN prescription",
  "From Nov 15, 2026 – prescribed by Dr. Priya Patel",
  "Infusion: 1,000 mL over 12 h at 90.9 mL/h (computed), taper up 60 min at 50 %, taper down 60 min at 50 %",
  "Contents: Dextrose 15 %, amino acids 25 g, lipid 20 g (SMOFlipid 20%)",
  "Energy counted at dextrose 3.4 kcal/g, amino acids 4 kcal/g, lipid 10 kcal/g (20 % emulsion, 2 kcal/mL).",
  "Additives: Multivitamin 5 mL, trace elements 1 mL",
  "Per kilogram: GIR at full rate 10.6 mg/kg/min (24-hour average 4.9), 37.9 kcal/kg/day",
  "Weight 21.4 kg on 2026-11-20",
  "Double lumen",
  "Left arm",
  lineFigures().daysIn,
  lineFigures().rate,
  "Staphylococcus epidermidis",
  "850.5 kcal",
  "Dr. Priya Patel",
  "555-0100",
  "Riverside Home Infusion",
  "555-0142",
];
const RECORD_TEXTS = [
  "Hemoglobin",
  "Pump alarm",
  "Ana Lopez",
  "apple sauce",
  "Dr. Emily Chen",
  "0.2 micron filter",
];

describe("PDF report", () => {
  it("is a PDF whose first page is the care summary, then each child's, then the records", async () => {
    const file = await render(pdfExport);
    expect(file.subarray(0, 5).toString()).toBe("%PDF-");
    const pages = await pagesOf(file);

    // A line may wrap after a slash ("kcal/" at a line's end, "mL" on the next).
    const firstPage = pages[0]!.replaceAll("/ ", "/");
    for (const text of SUMMARY_TEXTS()) expect(firstPage).toContain(text);
    expect(pages[0]).toContain("Maria Lopez");
    expect(pages[0]).toContain("All children · All dates");
    expect(pages[0]).not.toContain("Hemoglobin");
    // Sam's emergency part fills the first page: today's fluid balance and the latest abnormal
    // results follow it on the next, and Leo's summary starts on a page of its own.
    expect(pages[1]).toContain("Fluid balance today");
    expect(pages[1]).toContain("Latest abnormal lab results");
    const leo = pages[2]!;
    expect(leo).toContain("Leo Martín Øster");
    expect(leo).toContain("Peanuts – Severe");
    expect(leo).toContain("No central line recorded");
    expect(leo).toContain("No PN prescription recorded");
    // No line in place: no plan for a fever with one; no weight measured yet.
    expect(leo).not.toContain(FEVER_PLAN.title);
    expect(leo).toContain("Weight: Not recorded");
    expect(leo).toContain("Nothing logged today");
    expect(leo).toContain("No abnormal results in the last 12 months");

    const records = pages.slice(3).join(" ");
    expect(records).toContain(RECORDS_TITLE);
    for (const text of [
      ...RECORD_TEXTS,
      "dry cough",
      "Test name",
      "Insertion site",
      "Left arm",
      "Duration (hours)",
      "Double lumen, left arm, inserted Jul 5, 2026",
      "Pump beeped twice",
      "Sam Rivera",
    ]) {
      expect(records).toContain(text);
    }
    // The supply usage names its supply; nothing was short, so no "0" short on its line.
    expect(records).toMatch(
      /Supply Usage Supply Quantity used Usage date Quantity short 0\.2 micron filter 2 Nov 21, 2026 Supply Deliveries/,
    );
    expect(records.indexOf("Care Team")).toBeLessThan(records.indexOf("Food Diary"));
  });

  it("holds only the chosen child's summary and records, with the records linked to no child", async () => {
    const pages = await pagesOf(await render(pdfExport, { childId: leoId }));
    const text = pages.join(" ");
    expect(pages[0]).toContain("Leo Martín Øster");
    expect(pages[0]).toContain("Peanuts");
    expect(text).toContain("dry cough");
    expect(text).toContain("Dr. Priya Patel");
    expect(text).toContain("No records");
    // Marked active, but it ended yesterday: not active.
    expect(text).toMatch(/Amoxicillin course 250 mg twice daily \w{3} \d+, \d{4} \w{3} \d+, \d{4} No\b/);
    for (const other of ["Sam Rivera", "Latex", "Hemoglobin", "Pump alarm"])
      expect(text).not.toContain(other);
  });

  it("leaves out dated records outside the range", async () => {
    const text = (await pagesOf(await render(pdfExport, { from: "2026-11-15", to: "2026-11-30" }))).join(" ");
    expect(text).toContain("Nov 15, 2026 to Nov 30, 2026");
    expect(text).toContain("Dr. Emily Chen");
    expect(text).toContain("apple sauce");
    // The lab test of Nov 10 is left out (its results with it); the lab result of the range still
    // names the test it belongs to.
    expect(text).not.toContain("12.1 g/dL");
    expect(text).toMatch(/Lab Tests No records/);
    expect(text).not.toContain("dry cough");
  });
});

describe("Word report", () => {
  it("is a Word document with the care summaries before the records", async () => {
    const file = await render(wordExport);
    expect(file.subarray(0, 2).toString()).toBe("PK");
    const paragraphs = await wordParagraphs(file);
    const text = paragraphs.join("\n");
    const recordsAt = paragraphs.indexOf(RECORDS_TITLE);
    expect(recordsAt).toBeGreaterThan(0);
    const summary = paragraphs.slice(0, recordsAt).join("\n");
    const records = paragraphs.slice(recordsAt).join("\n");

    for (const expected of [...SUMMARY_TEXTS(), "Leo Martín Øster", "Peanuts – Severe"]) {
      expect(summary).toContain(expected);
    }
    expect(summary.indexOf("Sam Rivera")).toBeLessThan(summary.indexOf("Leo Martín Øster"));
    expect(summary).not.toContain("Hemoglobin");
    for (const expected of [...RECORD_TEXTS, "dry cough", "Test name"]) expect(records).toContain(expected);
    // One table row per record: the lab test's fields sit together, under their headers.
    const labs = (await wordTables(file)).find((table) => table[0]?.includes("Test name"))!;
    const labHeader = labs[0]!;
    expect(labs[1]![labHeader.indexOf("Test name")]).toBe("Hemoglobin");
    expect(labs[1]![labHeader.indexOf("Results")]).toBe("12.1 g/dL");
    expect(labs[1]![labHeader.indexOf("Status")]).toBe("Completed");
    expect(text).not.toMatch(/\bdouble-lumen\b/);
    expect(records).toContain("Pump beeped twice");
    expect(text).not.toContain("\u0007");
  });

  it("holds only the chosen child's summary and records, and only the dates in range", async () => {
    const one = (await wordParagraphs(await render(wordExport, { childId: samId }))).join("\n");
    expect(one).toContain("Latex");
    expect(one).toContain("Hemoglobin");
    for (const other of ["Leo Martín Øster", "Peanuts", "dry cough"]) expect(one).not.toContain(other);

    const range = (
      await wordParagraphs(await render(wordExport, { from: "2026-11-15", to: "2026-11-30" }))
    ).join("\n");
    expect(range).toContain("Dr. Emily Chen");
    expect(range).not.toContain("12.1 g/dL");
  });
});

describe("records as a nurse reads them", () => {
  let nights: TestUser;
  let nightsAccount: CurrentUser;
  const dates = Array.from({ length: 14 }, (_, i) => addDays("2026-11-01", i));
  beforeAll(async () => {
    nights = await signUp(t.app, { firstName: "Ana" });
    const childId = (await nights.post("/api/children", { name: "Mia" })).json().id as string;
    // Fourteen nights, typed in newest first: the tables list them in date order all the same.
    for (const date of [...dates].reverse()) {
      const response = await nights.post("/api/tpn", {
        childId,
        date,
        volume: "1150",
        calories: "900",
        duration: 12,
      });
      expect(response.statusCode).toBe(201);
    }
    nightsAccount = (await nights.get("/api/auth/user")).json();
  });
  const renderNights = (formatter: ExportFormatter) =>
    once(formatter, "fourteen nights", () =>
      buffer(
        formatter.render(
          exportContext({
            db: t.database.db,
            storage: t.storage,
            familyId: nights.familyId,
            account: nightsAccount,
            scope: {},
          }),
        ),
      ),
    );

  it("puts each section in a Word table, one row per record, in date order", async () => {
    const tables = await wordTables(await renderNights(wordExport));
    const tpn = tables.find((table) => table[0]?.includes("Volume (mL)"))!;
    // The columns something was written in.
    expect(tpn[0]).toEqual(["Child", "Date", "Calories (kcal)", "Volume (mL)", "Duration (hours)"]);
    expect(tpn).toHaveLength(15);
    expect(tpn.slice(1).map((row) => row[1])).toEqual(dates.map((date) => readableDate(date)));
    expect(tpn[1]).toEqual(["Mia", "Nov 1, 2026", "900", "1150", "12"]);
    // The sections' titles stay above their tables.
    const paragraphs = await wordParagraphs(await renderNights(wordExport));
    expect(paragraphs).toContain("TPN Entries");
  });

  it("puts each section in a PDF table, one row per record, in date order", async () => {
    const pages = await pagesOf(await renderNights(pdfExport));
    const text = pages.join(" ");
    const tpn = text.slice(text.indexOf("TPN Entries"), text.indexOf("TPN Supplies"));
    // One header, then a row per night (not 'Volume (mL): 1150.00' fourteen times).
    expect(tpn.match(/Volume \(mL\)/g)).toHaveLength(1);
    expect(tpn).not.toContain("1150.00");
    const rows = [...tpn.matchAll(/Mia (\w{3} \d+, \d{4}) 900 1150 12/g)].map((m) => m[1]);
    expect(rows).toEqual(dates.map((date) => readableDate(date)));
  });

  it("lists the symptoms in date order, whatever order they were typed in", async () => {
    // Sam's symptom of Nov 19 was typed in before Leo's of Nov 12.
    const records = (await pagesOf(await render(pdfExport))).slice(2).join(" ");
    const symptoms = records.slice(records.indexOf("Symptoms & Pain"), records.indexOf("Medical Allergies"));
    expect(symptoms.indexOf("Nov 12, 2026")).toBeGreaterThan(0);
    expect(symptoms.indexOf("Nov 12, 2026")).toBeLessThan(symptoms.indexOf("Nov 19, 2026"));
    const word = (await wordTables(await render(wordExport))).find((table) =>
      table[0]?.includes("Pain level"),
    )!;
    expect(word.slice(1).map((row) => row[word[0]!.indexOf("Date")])).toEqual([
      "Nov 12, 2026",
      "Nov 19, 2026",
    ]);
  });

  it("shows a vital and a line's care as a nurse reads them, in the PDF, Word and Excel", async () => {
    const line = "Double lumen, left arm, inserted Jul 5, 2026";
    // PDF: each section's table, a row per record, the value with its unit, the line by its name.
    const records = (await pagesOf(await render(pdfExport, { childId: samId }))).slice(1).join(" ");
    const vitals = records.slice(records.indexOf("Vitals"), records.indexOf("TPN Supplies"));
    expect(vitals).toContain("Child Date Time Kind Value Site");
    expect(vitals).toContain("Sam Rivera Nov 20, 2026 03:10 Temperature 38.3 °C Under the arm");
    expect(vitals).toContain("Sam Rivera Nov 20, 2026 Weight 21.4 kg");
    const care = records.slice(records.indexOf("Line Care"), records.indexOf("Specialist Visits"));
    expect(care).toMatch(/Child Line Kind Date Time Dressing type Findings External length \(cm\)/);
    expect(care).toContain(`Sam Rivera ${line} Dressing change Nov 20, 2026 19:30 Transparent 2.5`);
    expect(care).toContain(`Sam Rivera ${line} Site check Nov 21, 2026 Redness`);
    expect(care).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|transparent|site-check/);

    // Word: the same tables, cell by cell.
    const tables = await wordTables(await render(wordExport, { childId: samId }));
    const vitalTable = tables.find((table) => table[0]?.includes("Value"))!;
    expect(vitalTable).toEqual([
      ["Child", "Date", "Time", "Kind", "Value", "Site"],
      ["Sam Rivera", "Nov 20, 2026", "03:10", "Temperature", "38.3 °C", "Under the arm"],
      ["Sam Rivera", "Nov 20, 2026", "", "Weight", "21.4 kg", ""],
    ]);
    const careTable = tables.find((table) => table[0]?.includes("Findings"))!;
    expect(careTable).toEqual([
      ["Child", "Line", "Kind", "Date", "Time", "Dressing type", "Findings", "External length (cm)"],
      ["Sam Rivera", line, "Dressing change", "Nov 20, 2026", "19:30", "Transparent", "", "2.5"],
      ["Sam Rivera", line, "Site check", "Nov 21, 2026", "", "", "Redness", ""],
    ]);

    // Excel: a sheet per section, dates as dates, the same words.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await render(excelExport, { childId: samId })) as unknown as ExcelJS.Buffer);
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
    expect(rows("Vitals")).toEqual([
      expect.objectContaining({
        Child: "Sam Rivera",
        Date: new Date(Date.UTC(2026, 10, 20)),
        Time: "03:10",
        Kind: "Temperature",
        Value: 38.3,
        Site: "Under the arm",
      }),
      expect.objectContaining({ Kind: "Weight", Value: 21.4, Site: null }),
    ]);
    // A number, so it sorts and charts; its unit shown through the cell's format.
    const valueColumn = (workbook.getWorksheet("Vitals")!.getRow(1).values as unknown[]).indexOf("Value");
    expect(workbook.getWorksheet("Vitals")!.getRow(2).getCell(valueColumn).numFmt).toContain("°C");
    expect(workbook.getWorksheet("Vitals")!.getRow(3).getCell(valueColumn).numFmt).toContain("kg");
    expect(rows("Line Care")).toEqual([
      expect.objectContaining({
        Line: line,
        Kind: "Dressing change",
        "Dressing type": "Transparent",
        "External length (cm)": 2.5,
        Findings: null,
      }),
      expect.objectContaining({ Line: line, Kind: "Site check", Findings: "Redness" }),
    ]);
  });

  it("shows the prescription's versions, the version a bag followed, and the doses, in the PDF and Word", async () => {
    const records = (await pagesOf(await render(pdfExport, { childId: samId }))).slice(1).join(" ");
    const versions = records.slice(records.indexOf("PN Prescriptions"), records.indexOf("TPN Entries"));
    expect(versions).toContain(
      "Child Start date End date Prescriber Bag volume (mL) Infusion (hours) Taper up (minutes) Taper down (minutes) Dextrose (%) Amino acids (g) Lipid (g) Lipid emulsion (energy used) Lipid product Additives",
    );
    expect(versions).toContain("Sam Rivera Oct 1, 2026 Nov 14, 2026 Dr. Priya Patel 900 12 12.5 22");
    expect(versions).toContain(
      // The lipid with the energy it was counted at (a 20 % emulsion: 2 kcal/mL, 10 kcal/g; ASPEN).
      "Sam Rivera Nov 15, 2026 Dr. Priya Patel 1000 12 60 60 15 25 20 20 % (2 kcal/ mL, 10 kcal per g of fat) SMOFlipid 20% Multivitamin 5 mL, trace elements 1 mL",
    );
    const bags = records.slice(records.indexOf("TPN Entries"), records.indexOf("Vitals"));
    expect(bags).toContain("Prescription Lot Expiry date Start time Stop time Interruptions");
    expect(bags).toContain(
      "PN prescription from Nov 15, 2026 B-4471 Nov 23, 2026 19:45 07:50 Occlusion alarm at 02:10, restarted 02:20",
    );
    const medications = records.slice(records.indexOf("Medications"), records.indexOf("Medication Doses"));
    expect(medications).toContain("Active Route Schedule Sam Rivera Ursodiol");
    expect(medications).toContain("Yes By mouth 08:00, 20:00");
    const doses = records.slice(records.indexOf("Medication Doses"), records.indexOf("Notes Child Title"));
    expect(doses).toContain("Child Medication Date Time Status Amount Reason");
    expect(doses).toContain("Sam Rivera Ursodiol Nov 20, 2026 08:05 Given 60 mg");
    expect(doses).toContain("Sam Rivera Ursodiol Nov 20, 2026 20:00 Skipped Vomiting after the night's feed");

    const tables = await wordTables(await render(wordExport, { childId: samId }));
    expect(tables.find((table) => table[0]?.includes("Medication"))).toEqual([
      ["Child", "Medication", "Date", "Time", "Status", "Amount", "Reason"],
      ["Sam Rivera", "Ursodiol", "Nov 20, 2026", "08:05", "Given", "60 mg", ""],
      ["Sam Rivera", "Ursodiol", "Nov 20, 2026", "20:00", "Skipped", "", "Vomiting after the night's feed"],
    ]);
    const tpn = tables.find((table) => table[0]?.includes("Prescription"))!;
    expect(tpn[1]![tpn[0]!.indexOf("Prescription")]).toBe("PN prescription from Nov 15, 2026");
    expect(tables.find((table) => table[0]?.includes("Bag volume (mL)"))?.[2]?.slice(0, 6)).toEqual([
      "Sam Rivera",
      "Nov 15, 2026",
      "",
      "Dr. Priya Patel",
      "1000",
      "12",
    ]);
  });

  it("prints the records' tables on landscape pages", async () => {
    const file = await renderNights(pdfExport);
    const pdf = await getDocument({
      data: new Uint8Array(file),
      useSystemFonts: false,
      isEvalSupported: false,
    }).promise;
    const last = (await pdf.getPage(pdf.numPages)).getViewport({ scale: 1 });
    expect(last.width).toBeGreaterThan(last.height);
    await pdf.destroy();
  });
});
