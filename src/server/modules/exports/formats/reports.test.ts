import { buffer } from "node:stream/consumers";
import JSZip from "jszip";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedEveryRecordType } from "../../../../../tests/helpers/seed-records";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../../tests/helpers/test-app";
import type { CurrentUser } from "../../../../domain/auth";
import { addDays, daysBetween, today } from "../../../../domain/dates";
import type { ExportScope } from "../../../../domain/exports";
import { type ExportFormatter, exportContext } from "../export-model";
import { pdfExport } from "./pdf";
import { RECORDS_TITLE } from "./report-content";
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

const render = async (formatter: ExportFormatter, scope: ExportScope = {}) =>
  buffer(
    formatter.render(
      exportContext({ db: t.database.db, storage: t.storage, ownerId: user.id, account, scope }),
    ),
  );

/** The text of each page, as a reader copies it (runs joined, spaces collapsed). */
async function pdfPages(file: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(file), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    const text = content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
    pages.push(text.replace(/\s+/g, " "));
  }
  await pdf.destroy();
  return pages;
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The document's paragraphs as text, in order. */
async function wordParagraphs(file: Buffer): Promise<string[]> {
  const xml = await (await JSZip.loadAsync(file)).file("word/document.xml")!.async("string");
  return xml
    .split("</w:p>")
    .map((p) =>
      [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
        .map((m) => m[1]!.replace(/&(\w+);/g, (_, name: string) => XML_ENTITIES[name] ?? ""))
        .join(""),
    );
}

/** The line is the seeded double-lumen one, in since Jul 5, 2026, with one bloodstream infection. */
function lineFigures() {
  const daysIn = daysBetween("2026-07-05", today());
  return { daysIn: `${daysIn} days in`, rate: `${(1000 / (daysIn + 1)).toFixed(1)} per 1,000 catheter-days` };
}

const SUMMARY_TEXTS = () => [
  "Sam Rivera",
  "Short bowel syndrome",
  "Latex – Life-threatening",
  "Reaction: Hives",
  "Ursodiol",
  "60 mg · Twice daily",
  "Double lumen",
  "Left arm",
  lineFigures().daysIn,
  lineFigures().rate,
  "Staphylococcus epidermidis",
  "850.50 kcal",
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
    const pages = await pdfPages(file);

    for (const text of SUMMARY_TEXTS()) expect(pages[0]).toContain(text);
    expect(pages[0]).toContain("Maria Lopez");
    expect(pages[0]).toContain("All children · All dates");
    expect(pages[0]).not.toContain("Hemoglobin");
    expect(pages[1]).toContain("Leo Martín Øster");
    expect(pages[1]).toContain("Peanuts – Severe");
    expect(pages[1]).toContain("No central line recorded");

    const records = pages.slice(2).join(" ");
    expect(records).toContain(RECORDS_TITLE);
    for (const text of [
      ...RECORD_TEXTS,
      "dry cough",
      "Test name: Hemoglobin",
      "Insertion site: Left arm",
      "Duration (hours): 12",
      "Supply: 0.2 micron filter",
      "PICC line: Double lumen, left arm, inserted Jul 5, 2026",
      "Pump beeped twice",
    ]) {
      expect(records).toContain(text);
    }
    expect(records).toContain("Child: Sam Rivera");
    expect(records.indexOf("Care Team")).toBeLessThan(records.indexOf("Food Diary"));
  });

  it("holds only the chosen child's summary and records, with the records linked to no child", async () => {
    const pages = await pdfPages(await render(pdfExport, { childId: leoId }));
    const text = pages.join(" ");
    expect(pages[0]).toContain("Leo Martín Øster");
    expect(pages[0]).toContain("Peanuts");
    expect(text).toContain("dry cough");
    expect(text).toContain("Dr. Priya Patel");
    expect(text).toContain("No records");
    expect(text).toMatch(/Amoxicillin course[\s\S]*Active: No/);
    expect(text).not.toMatch(/Amoxicillin course[\s\S]*Active: Yes/);
    for (const other of ["Sam Rivera", "Latex", "Hemoglobin", "Pump alarm"])
      expect(text).not.toContain(other);
  });

  it("leaves out dated records outside the range", async () => {
    const text = (await pdfPages(await render(pdfExport, { from: "2026-11-15", to: "2026-11-30" }))).join(
      " ",
    );
    expect(text).toContain("Nov 15, 2026 to Nov 30, 2026");
    expect(text).toContain("Dr. Emily Chen");
    expect(text).toContain("apple sauce");
    expect(text).not.toContain("Hemoglobin");
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
    for (const expected of [...RECORD_TEXTS, "dry cough", "Test name: Hemoglobin"])
      expect(records).toContain(expected);
    // One paragraph per record: the lab test's fields sit together.
    expect(paragraphs.find((p) => p.includes("Test name: Hemoglobin"))).toContain("Results: 12.1 g/dL");
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
    expect(range).not.toContain("Hemoglobin");
  });
});
