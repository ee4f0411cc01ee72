import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addChild } from "../../../../tests/helpers/owned-crud-contract";
import { seedEveryRecordType } from "../../../../tests/helpers/seed-records";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";
import { addDays, today } from "../../../domain/dates";
import { CARE_RECORD_TABLES } from "../../db/schema/owned-tables";
import { EXPORT_PAGE_SIZE } from "./export-sections";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const download = (user: TestUser, query: string) =>
  t.app.inject({ method: "GET", url: `/api/account/export?${query}`, headers: { cookie: user.cookie } });

describe("JSON export", () => {
  it("gives the event loop back between pages, so one long export never holds other requests up", async () => {
    const user = await signUp(t.app);
    await queryRows(
      t.database,
      sql`insert into notes (user_id, title, content, created_at)
        select ${user.id}, 'Note ' || i, 'Flushed fine', timestamptz '2026-03-01' + make_interval(mins => i)
        from generate_series(1, 2000) as i`,
    );
    // The embedded database answers each query without giving the event loop a turn: an export
    // that read page after page would let no other request in (nor any socket be read) until done.
    let turns = 0;
    let counting = true;
    const tick = () => {
      if (!counting) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    for (const format of ["json", "pdf", "excel"]) {
      turns = 0;
      const response = await user.get(`/api/account/export?format=${format}`);
      expect(response.statusCode).toBe(200);
      expect({ format, turns: turns >= Math.floor(2000 / EXPORT_PAGE_SIZE) }).toEqual({
        format,
        turns: true,
      });
    }
    counting = false;
  });

  it("pages through long sections without repeating or skipping a record, at any timestamp precision", async () => {
    const user = await signUp(t.app);
    // 1,005 notes within one millisecond (a microsecond apart, where the database keeps them),
    // and 600 that share one creation time exactly: every page boundary falls among equal
    // milliseconds, where a cursor kept at millisecond precision repeats or skips rows.
    await queryRows(
      t.database,
      sql`insert into notes (user_id, title, content, created_at)
        select ${user.id}, 'Note ' || i, 'Flushed fine', timestamptz '2026-03-01 08:00:00.123' + make_interval(secs => i / 1000000.0)
        from generate_series(1, 1005) as i`,
    );
    await queryRows(
      t.database,
      sql`insert into notes (user_id, title, content, created_at)
        select ${user.id}, 'Same ' || i, 'Flushed fine', timestamptz '2026-03-02 08:00:00.123456'
        from generate_series(1, 600) as i`,
    );
    const file = (await user.get("/api/account/export")).json() as { notes: { id: string; title: string }[] };
    expect(file.notes).toHaveLength(1605);
    expect(new Set(file.notes.map((note) => note.id)).size).toBe(1605);
    // Oldest first: the microsecond-apart notes in the order they were written.
    expect(file.notes.slice(0, 3).map((note) => note.title)).toEqual(["Note 1", "Note 2", "Note 3"]);
  });

  it("downloads every record of the user, and only theirs, as one JSON file", async () => {
    const user = await signUp(t.app, { firstName: "Ana" });
    const other = await signUp(t.app);
    const childId = await addChild(user, "Sam");
    await user.post("/api/tpn", { childId, date: "2026-11-20", calories: "850.50" });
    await user.post("/api/notes", { title: "Pump", content: "Ramp 1 hour", tags: "pump" });
    await other.post("/api/notes", { title: "Someone else's note", content: "private" });

    const response = await user.get("/api/account/export");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="tpn-tracker-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers["cache-control"]).toBe("no-store");

    const file = response.json();
    expect(file).toMatchObject({
      format: "medical-care-tracker-export",
      version: 1,
      account: { email: user.email, firstName: "Ana" },
    });
    expect(
      Object.keys(file)
        .filter((k) => !["format", "version", "exportedAt", "account"].includes(k))
        .sort(),
    ).toEqual(Object.keys(CARE_RECORD_TABLES).sort());
    expect(file.children).toEqual([expect.objectContaining({ id: childId, name: "Sam" })]);
    expect(file.tpnEntries).toEqual([
      expect.objectContaining({ childId, calories: "850.50", date: "2026-11-20" }),
    ]);
    expect(file.notes).toEqual([expect.objectContaining({ title: "Pump", tags: ["pump"] })]);
    expect(file.medications).toEqual([]);
    expect(JSON.stringify(file)).not.toContain("Someone else's note");
    expect(JSON.stringify(file)).not.toContain("userId");
    expect(JSON.stringify(file)).not.toContain("passwordHash");
  });

  it("holds one child's records and the unlinked ones, and the dated records of a range", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    const ava = await addChild(user, "Ava");
    await user.post("/api/symptoms", { childId: sam, date: "2026-11-01", symptoms: "fever" });
    await user.post("/api/symptoms", { childId: sam, date: "2026-10-01", symptoms: "old" });
    await user.post("/api/symptoms", { childId: ava, date: "2026-11-01", symptoms: "ava's" });
    await user.post("/api/symptoms", { date: "2026-11-02", symptoms: "family" });
    await user.post("/api/care-team", { name: "Dr. P", role: "GI" });
    const file = (await download(user, `childId=${sam}&from=2026-10-15&to=2026-11-30`)).json();
    expect(file.children.map((c: { name: string }) => c.name)).toEqual(["Sam"]);
    expect(file.symptomEntries.map((s: { symptoms: string[] }) => s.symptoms[0]).sort()).toEqual([
      "family",
      "fever",
    ]);
    expect(file.careTeamMembers).toHaveLength(1);
    expect((await download(user, "from=2026-11-30&to=2026-11-01")).statusCode).toBe(400);
    expect((await download(user, "format=bogus")).statusCode).toBe(400);
  });
});

describe("spreadsheet exports", () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUp(t.app);
    await seedEveryRecordType(t, user);
  });

  it("zips one CSV per section, with formulas neutralised", async () => {
    const response = await download(user, "format=csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toMatch(
      /filename="tpn-tracker-export-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const zip = await JSZip.loadAsync(response.rawPayload);
    expect(Object.keys(zip.files)).toHaveLength(Object.keys(CARE_RECORD_TABLES).length);
    const supplies = (await zip.file("tpn-supplies.csv")!.async("string"))
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(supplies[0]).toBe(
      "ID,Name,Category,Current stock,Min threshold,Unit,Supplier,Order number,Cost per unit ($),Expiration date,Notes,Created at,Updated at",
    );
    expect(supplies[1]).toContain(",0.2 micron filter,filters,13,5,each,,,4.75,,'=cmd|' /C calc'!A0,");
    const symptoms = await zip.file("symptoms-pain.csv")!.async("string");
    expect(symptoms).toContain("fever; chills");
  });

  it("writes a workbook with a sheet per section, typed cells and a frozen header", async () => {
    const response = await download(user, "format=excel");
    expect(response.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((w) => w.name)).toContain("TPN Entries");
    const tpn = workbook.getWorksheet("TPN Entries")!;
    expect(tpn.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    const header = tpn.getRow(1).values as unknown[];
    const column = (label: string) => header.indexOf(label);
    const row = tpn.getRow(2);
    expect(row.getCell(column("Date")).value).toEqual(new Date(Date.UTC(2026, 10, 20)));
    expect(row.getCell(column("Calories (kcal)")).value).toBe(850.5);
    expect(row.getCell(column("Duration")).value).toBe(12);
    const supplies = workbook.getWorksheet("TPN Supplies")!;
    const notes = (supplies.getRow(1).values as unknown[]).indexOf("Notes");
    // Text stays text: a cell never becomes a formula.
    expect(supplies.getRow(2).getCell(notes).value).toBe("=cmd|' /C calc'!A0");
  });
});

describe("the care summary", () => {
  it("gives a child's allergies (most dangerous first), active medications, line and contacts", async () => {
    const user = await signUp(t.app);
    const { childId } = await seedEveryRecordType(t, user);
    await user.post("/api/allergies", { childId, allergen: "Peanut", reaction: "Rash", severity: "mild" });
    await user.post("/api/medications", {
      childId,
      name: "Old drug",
      dosage: "1 mg",
      frequency: "daily",
      isActive: "false",
    });
    // Marked active, but past its end date: no longer taken. Its last day still counts.
    const course = { childId, dosage: "250 mg", frequency: "daily", startDate: addDays(today(), -10) };
    await user.post("/api/medications", { ...course, name: "Amoxicillin", endDate: addDays(today(), -1) });
    await user.post("/api/medications", { ...course, name: "Cefalexin", endDate: today() });
    const [summary] = (await user.get(`/api/care-summary?childId=${childId}`)).json();
    expect(summary.child).toMatchObject({ name: "Sam Rivera", diagnosis: "Short bowel syndrome" });
    expect(summary.allergies.map((a: { allergen: string }) => a.allergen)).toEqual(["Latex", "Peanut"]);
    expect(summary.medications.map((m: { name: string }) => m.name)).toEqual(["Cefalexin", "Ursodiol"]);
    expect(summary.currentLine).toMatchObject({ lineType: "double-lumen", insertionDate: "2026-07-05" });
    expect(summary.lineDays.bloodstreamInfections).toBe(1);
    expect(summary.latestTpn).toMatchObject({ calories: "850.50" });
    expect(summary.careTeam[0]).toMatchObject({ name: "Dr. Priya Patel", phone: "555-0100" });
    expect(summary.infusionCenters[0]).toMatchObject({ name: "Riverside Home Infusion" });
    const other = await signUp(t.app);
    expect((await other.get(`/api/care-summary?childId=${childId}`)).json()).toEqual([]);
  });
});
