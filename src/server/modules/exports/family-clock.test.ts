import JSZip from "jszip";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { lineStatistics } from "../../../domain/picc";

/**
 * A family in Chicago at 21:45 on 24 November 2026 (03:45 UTC on the 25th): every date the server
 * writes is the family's, not the server's.
 */
let t: TestApp;
let user: TestUser;
let childId: string;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.advance(Date.parse("2026-11-25T03:45:00Z") - t.clock.now().getTime());
  user = await signUp(t.app, { timeZone: "America/Chicago" });
  const add = async (url: string, body: Record<string, unknown>) => {
    const response = await user.post(url, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  childId = await add("/api/children", { name: "Sam Rivera" });
  await add("/api/picc-lines", {
    childId,
    insertionDate: "2026-11-20",
    insertionSite: "left-arm",
    lineType: "single-lumen",
  });
  await add("/api/symptoms", { childId, date: "2026-11-24", time: "21:33", symptoms: "nausea" });
  await add("/api/symptoms", { childId, date: "2026-07-01", time: "09:00", symptoms: "fever" });
  await add("/api/symptoms", { childId, date: "2026-03-08", time: "12:00", symptoms: "cough" });
});
afterAll(() => t.close());

const download = (format: string) => user.get(`/api/account/export?format=${format}`);
const fileName = (response: { headers: Record<string, unknown> }) =>
  /filename="([^"]+)"/.exec(String(response.headers["content-disposition"]))?.[1];

async function pdfText(file: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(file), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  const text = content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
  await pdf.destroy();
  return text.replace(/\s+/g, " ");
}

describe("the family's clock in Chicago at 21:45 on 24 November", () => {
  it("dates the care summary the family's today, not the server's tomorrow", async () => {
    const [summary] = (await user.get(`/api/care-summary?childId=${childId}`)).json();
    expect(summary.generatedOn).toBe("2026-11-24");
  });

  it("counts the catheter-days the PICC screen counts (20 to 24 November: 5)", async () => {
    const [summary] = (await user.get(`/api/care-summary?childId=${childId}`)).json();
    const lines = (await user.get(`/api/picc-lines?childId=${childId}`)).json();
    // What the PICC screen shows: the same figures, on the family's today.
    const screen = lineStatistics(lines, [], "2026-11-24");
    expect(summary.lineDays.catheterDays).toBe(5);
    expect(summary.lineDays.catheterDays).toBe(screen.catheterDays);
    // Line day 5: the day it went in is day 1, as its catheter-days count.
    expect(summary.currentLine.daysIn).toBe(5);
    expect(summary.currentLine.daysIn).toBe(screen.currentLineDays);
  });

  it("names every export file with the family's date", async () => {
    for (const [format, extension] of [
      ["json", "json"],
      ["pdf", "pdf"],
      ["word", "docx"],
      ["excel", "xlsx"],
      ["fhir", "fhir.json"],
    ] as const) {
      const response = await download(format);
      expect(response.statusCode, format).toBe(200);
      expect(fileName(response), format).toBe(`tpn-tracker-export-2026-11-24.${extension}`);
    }
  });

  it("stamps the PDF and the Word report with the family's time and zone", async () => {
    const stamp = "Exported Nov 24, 2026 21:45 (America/Chicago)";
    expect(await pdfText((await download("pdf")).rawPayload)).toContain(stamp);
    const word = await JSZip.loadAsync((await download("word")).rawPayload);
    const xml = await Promise.all(
      Object.keys(word.files)
        .filter((name) => name.startsWith("word/") && name.endsWith(".xml"))
        .map((name) => word.file(name)!.async("string")),
    );
    expect(xml.join("\n").replace(/<[^>]+>/g, "")).toContain(stamp);
  });

  it("writes times the family's way in the files a person reads: 12-hour once the owner chooses it", async () => {
    expect((await user.patch("/api/family", { timeFormat: "12h" })).statusCode).toBe(200);
    try {
      expect(await pdfText((await download("pdf")).rawPayload)).toContain(
        "Exported Nov 24, 2026 9:45 PM (America/Chicago)",
      );
      const zip = await JSZip.loadAsync((await download("csv")).rawPayload);
      const symptoms = await zip.file("symptoms-pain.csv")!.async("string");
      expect(symptoms).toContain("9:33 PM");
      // When each record was typed in (the database's time): 12-hour too.
      expect(symptoms).toMatch(/"[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M"/);
      expect(symptoms).not.toMatch(/(?<!\d)([01]\d|2[0-3]):[0-5]\d(?! [AP]M)/);
    } finally {
      await user.patch("/api/family", { timeFormat: "24h" });
    }
  });

  it("writes FHIR dateTimes with the offset Chicago has on each date, daylight saving included", async () => {
    const bundle = (await download("fhir")).json();
    const effective = bundle.entry
      .map((e: { resource: { resourceType: string; effectiveDateTime?: string } }) => e.resource)
      .filter((r: { code?: { text?: string } }) => r.code?.text === "Symptoms")
      .map((r: { effectiveDateTime: string }) => r.effectiveDateTime)
      .sort();
    expect(effective).toEqual([
      // 8 March 2026 is the day Chicago moves to daylight time (at 02:00): noon is -05:00.
      "2026-03-08T12:00:00-05:00",
      "2026-07-01T09:00:00-05:00",
      "2026-11-24T21:33:00-06:00",
    ]);
    expect(bundle.timestamp).toBe("2026-11-24T21:45:00-06:00");
  });
});
