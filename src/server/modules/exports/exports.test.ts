import { buffer } from "node:stream/consumers";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addChild } from "../../../../tests/helpers/owned-crud-contract";
import { seedEveryRecordType } from "../../../../tests/helpers/seed-records";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";
import { CARE_RECORD_TABLES } from "../record-types";
import { exportContext } from "./export-model";
import { EXPORT_PAGE_SIZE } from "./export-sections";
import { csvExport } from "./formats/csv-zip";
import { excelExport } from "./formats/excel";

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
    // Four pages of notes: each page read is a turn given back (a PDF of more pages only takes longer).
    const notes = 4 * EXPORT_PAGE_SIZE;
    await queryRows(
      t.database,
      sql`insert into notes (family_id, title, content, created_at)
        select ${user.familyId}, 'Note ' || i, 'Flushed fine', timestamptz '2026-03-01' + make_interval(mins => i)
        from generate_series(1, ${notes}) as i`,
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
      expect({ format, turns: turns >= Math.floor(notes / EXPORT_PAGE_SIZE) }).toEqual({
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
      sql`insert into notes (family_id, title, content, created_at)
        select ${user.familyId}, 'Note ' || i, 'Flushed fine', timestamptz '2026-03-01 08:00:00.123' + make_interval(secs => i / 1000000.0)
        from generate_series(1, 1005) as i`,
    );
    await queryRows(
      t.database,
      sql`insert into notes (family_id, title, content, created_at)
        select ${user.familyId}, 'Same ' || i, 'Flushed fine', timestamptz '2026-03-02 08:00:00.123456'
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
        .filter((k) => !["format", "version", "exportedAt", "account", "settings", "people"].includes(k))
        .sort(),
    ).toEqual(Object.keys(CARE_RECORD_TABLES).sort());
    expect(file.children).toEqual([expect.objectContaining({ id: childId, name: "Sam" })]);
    expect(file.tpnEntries).toEqual([
      expect.objectContaining({ childId, calories: "850.50", date: "2026-11-20" }),
    ]);
    expect(file.notes).toEqual([
      expect.objectContaining({ title: "Pump", tags: ["pump"], createdBy: user.id }),
    ]);
    // The family's settings and the people its records name, for a restore to bring back.
    expect(file.settings).toMatchObject({
      temperatureUnit: "C",
      feverThresholdC: 38,
      tasks: { fridgeOutHours: 2 },
    });
    expect(file.people).toEqual([{ id: user.id, name: "Ana Lopez", email: user.email }]);
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
    // Every version of a prescription, as every line: the one in force began before the range.
    const prescription = { childId: sam, bagVolumeMl: 1000, infusionHours: 12 };
    await user.post("/api/pn-prescriptions", { ...prescription, startDate: "2026-09-01" });
    await user.post("/api/pn-prescriptions", { ...prescription, startDate: "2026-10-01" });
    const ranged = (await download(user, `childId=${sam}&from=2026-10-15&to=2026-11-30`)).json();
    expect(ranged.pnPrescriptions.map((v: { startDate: string }) => v.startDate).sort()).toEqual([
      "2026-09-01",
      "2026-10-01",
    ]);
    expect((await download(user, "from=2026-11-30&to=2026-11-01")).statusCode).toBe(400);
    expect((await download(user, "format=bogus")).statusCode).toBe(400);
  });
});

describe("spreadsheet exports", () => {
  let user: TestUser;
  let childId: string;
  beforeAll(async () => {
    user = await signUp(t.app);
    ({ childId } = await seedEveryRecordType(t, user));
    // A night of 1150 mL, and a symptom typed in after a later one but dated before it.
    await user.post("/api/tpn", { childId, date: "2026-11-21", volume: "1150", duration: 12 });
    await user.post("/api/symptoms", { childId, date: "2026-11-02", symptoms: "rash" });
    // Recorded at 03:33 UTC on Nov 25: 21:33 on Nov 24 in Chicago.
    await queryRows(
      t.database,
      sql`update lab_tests set created_at = timestamptz '2026-11-25 03:33:00+00' where family_id = ${user.familyId}`,
    );
  });

  /** A sheet's rows as objects keyed by the header's labels. */
  const sheetRows = (workbook: ExcelJS.Workbook, name: string) => {
    const sheet = workbook.getWorksheet(name)!;
    const header = sheet.getRow(1).values as unknown[];
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const values: Record<string, unknown> = {};
      header.forEach((label, i) => {
        if (typeof label === "string") values[label] = row.getCell(i).value;
      });
      rows.push(values);
    });
    return { sheet, header: header.filter((label) => typeof label === "string") as string[], rows };
  };

  it("zips one CSV per section as a person reads it, with formulas neutralised", async () => {
    const response = await download(user, "format=csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toMatch(
      /filename="tpn-tracker-export-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const zip = await JSZip.loadAsync(response.rawPayload);
    expect(Object.keys(zip.files)).toHaveLength(Object.keys(CARE_RECORD_TABLES).length);
    const lines = async (name: string) =>
      (await zip.file(name)!.async("string")).replace(/^\uFEFF/, "").split("\r\n");
    const supplies = await lines("tpn-supplies.csv");
    expect(supplies[0]).toBe(
      "Name,Category,Current stock,Min threshold,Unit,Supplier,Order number,Cost per unit ($),Expiration date,Notes,Recorded (UTC),Last changed (UTC)",
    );
    expect(supplies[1]).toContain("0.2 micron filter,Filters,13,5,each,,,4.75,,'=cmd|' /C calc'!A0,");
    // The usage names its supply; the infection its line, with the forms' labels.
    expect((await lines("supply-usage.csv")).slice(0, 2)).toEqual([
      "Supply,Quantity used,Usage date,Notes,Quantity short,Recorded (UTC)",
      expect.stringMatching(/^0\.2 micron filter,2,2026-11-21,,/),
    ]);
    const infections = (await lines("picc-infections.csv")).join("\n");
    expect(infections).toContain(
      'Sam Rivera,"Double lumen, left arm, inserted Jul 5, 2026",2026-10-28,Bloodstream,',
    );
    expect(infections).toMatch(/,Resolved,Yes,/);
    // A vital's value with its unit; a line's care names its line, with the forms' labels.
    expect((await lines("vitals.csv")).slice(0, 3)).toEqual([
      expect.stringMatching(/^Child,Date,Time,Kind,Value,Site,Notes,Recorded \(UTC\),Last changed \(UTC\)$/),
      expect.stringMatching(/^Sam Rivera,2026-11-20,03:10,Temperature,38\.3 °C,Under the arm,,/),
      expect.stringMatching(/^Sam Rivera,2026-11-20,,Weight,21\.4 kg,,,/),
    ]);
    const care = await lines("line-care.csv");
    expect(care[0]).toMatch(
      /^Child,Line,Kind,Date,Time,Dressing type,With lipids,Lipids alone,Lock solution,Dwell \(minutes\),Findings,External length \(cm\),Alteplase used,Repaired,Notes,/,
    );
    expect(care[1]).toMatch(
      /^Sam Rivera,"Double lumen, left arm, inserted Jul 5, 2026",Dressing change,2026-11-20,19:30,Transparent,,,,,,2\.5,,,,/,
    );
    expect(care[2]).toMatch(/,Site check,2026-11-21,,,,,,,Redness,,,,,/);
    const tpn = (await lines("tpn-entries.csv")).join("\n");
    expect(tpn).toContain("Sam Rivera,2026-11-21,,,,,1150,12,");
    expect(tpn).toContain("Sam Rivera,2026-11-20,850.5,25,,,1000,12,");
    // A bag names the version it followed; its label's lot and expiry, and its night.
    expect(tpn).toMatch(
      /^Child,Date,.*,Duration \(hours\),Notes,Prescription,Lot,Expiry date,Start time,Stop time,Interruptions,/,
    );
    expect(tpn).toContain(
      ',"PN prescription from Nov 15, 2026",B-4471,2026-11-23,19:45,07:50,"Occlusion alarm at 02:10, restarted 02:20",',
    );
    // The prescription's versions, their units in the headings; the first ended by the second.
    expect((await lines("pn-prescriptions.csv")).slice(0, 3)).toEqual([
      expect.stringMatching(
        /^Child,Start date,End date,Prescriber,Bag volume \(mL\),Infusion \(hours\),Nights per week,Rate \(mL\/h\),Taper up \(minutes\),Taper down \(minutes\),Taper up \(steps at % of full rate\),Taper down \(steps at % of full rate\),Dextrose \(%\),Amino acids \(g\),Lipid \(g\),Lipid emulsion \(energy used\),Lipid product,Additives,Notes,/,
      ),
      expect.stringMatching(/^Sam Rivera,2026-10-01,2026-11-14,Dr\. Priya Patel,900,12,,,,,,,12\.5,22,,,,,,/),
      expect.stringMatching(
        /^Sam Rivera,2026-11-15,,Dr\. Priya Patel,1000,12,,,60,60,60 min at 50 %,60 min at 50 %,15,25,20,"20 % \(2 kcal\/mL, 10 kcal per g of fat\)",SMOFlipid 20%,"Multivitamin 5 mL, trace elements 1 mL",,/,
      ),
    ]);
    // A medication's route and schedule in words; a dose names its medication, given or skipped.
    expect((await lines("medications.csv")).slice(0, 2)).toEqual([
      expect.stringMatching(/,Active,Notes,Route,Schedule,Recorded \(UTC\),/),
      expect.stringMatching(/^Sam Rivera,Ursodiol,60 mg,Twice daily,.*,Yes,,By mouth,"08:00, 20:00",/),
    ]);
    expect((await lines("medication-doses.csv")).slice(0, 3)).toEqual([
      expect.stringMatching(
        /^Child,Medication,Given at \(UTC\),Date,Time,Status,Amount,Reason,Notes,Recorded \(UTC\),/,
      ),
      expect.stringMatching(/^Sam Rivera,Ursodiol,"Nov 20, 2026 08:05",2026-11-20,08:05,Given,60 mg,,,/),
      expect.stringMatching(
        /^Sam Rivera,Ursodiol,"Nov 20, 2026 20:00",2026-11-20,20:00,Skipped,,Vomiting after the night's feed,,/,
      ),
    ]);
    expect(tpn).not.toMatch(/\.00\b|[0-9a-f]{8}-[0-9a-f]{4}-/);
    const symptoms = await lines("symptoms-pain.csv");
    expect(symptoms.join("\n")).toContain("fever, chills");
    // In date order, whatever order they were typed in.
    expect(symptoms.slice(1, 3).map((line) => line.split(",")[1])).toEqual(["2026-11-02", "2026-11-19"]);
  });

  it("writes a workbook a nurse can read: names, labels, Yes/No, local times, numbers as written", async () => {
    const response = await download(user, "format=excel");
    expect(response.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((w) => w.name)).toContain("TPN Entries");

    const tpn = sheetRows(workbook, "TPN Entries");
    expect(tpn.sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(tpn.header).not.toContain("ID");
    expect(tpn.header).not.toContain("Child ID");
    expect(tpn.rows).toEqual([
      expect.objectContaining({
        Child: "Sam Rivera",
        Date: new Date(Date.UTC(2026, 10, 20)),
        "Calories (kcal)": 850.5,
        "Volume (mL)": 1000,
        "Duration (hours)": 12,
      }),
      expect.objectContaining({ Child: "Sam Rivera", "Volume (mL)": 1150 }),
    ]);
    // Shown as written (1150, 850.5), not with two forced decimals (1150.00).
    const volume = tpn.header.indexOf("Volume (mL)") + 1;
    expect(tpn.sheet.getRow(3).getCell(volume).numFmt ?? "General").not.toMatch(/0\.00/);

    expect(tpn.rows[0]).toMatchObject({
      Prescription: "PN prescription from Nov 15, 2026",
      Lot: "B-4471",
      "Expiry date": new Date(Date.UTC(2026, 10, 23)),
      "Start time": "19:45",
      "Stop time": "07:50",
    });
    expect(sheetRows(workbook, "PN Prescriptions").rows).toEqual([
      expect.objectContaining({
        "Start date": new Date(Date.UTC(2026, 9, 1)),
        "End date": new Date(Date.UTC(2026, 10, 14)),
      }),
      expect.objectContaining({
        "Start date": new Date(Date.UTC(2026, 10, 15)),
        "End date": null,
        "Bag volume (mL)": 1000,
        "Infusion (hours)": 12,
        "Dextrose (%)": 15,
        "Amino acids (g)": 25,
        "Lipid (g)": 20,
        "Taper up (minutes)": 60,
      }),
    ]);
    expect(sheetRows(workbook, "Medication Doses").rows).toEqual([
      expect.objectContaining({
        Medication: "Ursodiol",
        "Given at (UTC)": new Date(Date.UTC(2026, 10, 20, 8, 5)),
        Status: "Given",
        Amount: "60 mg",
      }),
      expect.objectContaining({
        Medication: "Ursodiol",
        Status: "Skipped",
        Reason: "Vomiting after the night's feed",
      }),
    ]);
    // A vital's value is a number (it sorts and charts), its unit in the cell's number format.
    const vitals = sheetRows(workbook, "Vitals");
    expect(vitals.rows.map((row) => [row.Kind, row.Value])).toEqual([
      ["Temperature", 38.3],
      ["Weight", 21.4],
    ]);
    const value = vitals.header.indexOf("Value") + 1;
    expect(vitals.sheet.getRow(2).getCell(value).numFmt).toBe('General" °C"');
    expect(vitals.sheet.getRow(3).getCell(value).numFmt).toBe('General" kg"');
    const medications = sheetRows(workbook, "Medications");
    expect(medications.rows[0]).toMatchObject({ Route: "By mouth", Schedule: "08:00, 20:00" });
    expect(medications.header).not.toContain("Schedule times");
    expect(medications.header).not.toContain("Hours apart");
    expect(sheetRows(workbook, "Supply Usage").rows).toEqual([
      expect.objectContaining({ Supply: "0.2 micron filter", "Quantity used": 2 }),
    ]);
    expect(sheetRows(workbook, "PICC Lines").rows).toEqual([
      expect.objectContaining({
        Child: "Sam Rivera",
        "Insertion site": "Left arm",
        "Line type": "Double lumen",
      }),
    ]);
    expect(sheetRows(workbook, "PICC Infections").rows).toEqual([
      expect.objectContaining({
        Line: "Double lumen, left arm, inserted Jul 5, 2026",
        "Infection type": "Bloodstream",
        Outcome: "Resolved",
        "Hospital admission": "Yes",
      }),
    ]);
    expect(sheetRows(workbook, "Children").rows).toEqual([
      expect.objectContaining({ Name: "Sam Rivera", Gender: "Male", Active: "Yes" }),
    ]);
    expect(sheetRows(workbook, "Medical Photos").rows).toEqual([
      expect.objectContaining({ Category: "Wound", Private: "Yes" }),
    ]);
    expect(sheetRows(workbook, "Lab Tests").rows).toEqual([
      expect.objectContaining({
        Status: "Completed",
        "Recorded (UTC)": new Date(Date.UTC(2026, 10, 25, 3, 33)),
      }),
    ]);
    expect(sheetRows(workbook, "Symptoms & Pain").rows.map((row) => row.Date)).toEqual([
      new Date(Date.UTC(2026, 10, 2)),
      new Date(Date.UTC(2026, 10, 19)),
    ]);
    const supplies = sheetRows(workbook, "TPN Supplies");
    // Text stays text: a cell never becomes a formula.
    expect(supplies.rows[0]).toMatchObject({ Category: "Filters", Notes: "=cmd|' /C calc'!A0" });
    expect(JSON.stringify(workbook.worksheets.map((w) => w.getSheetValues()))).not.toMatch(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/,
    );
  });

  it("reads a family's records for a workbook only as fast as its download is read, then finishes it whole", async () => {
    const owner = await signUp(t.app);
    const childId = await addChild(owner, "Sam");
    // Enough rows that what may wait on the way out (a few hundred KB of the sheet, however well it
    // compresses) is well under half of them.
    const total = 20_000;
    await queryRows(
      t.database,
      sql`insert into vitals (family_id, child_id, date, time, kind, value, created_at)
        select ${owner.familyId}, ${childId}, date '2016-01-01' + (i / 10), '08:00', 'temperature',
          36.5 + (i % 20) / 10.0, timestamptz '2016-01-01' + make_interval(mins => i)
        from generate_series(1, ${total}) as i`,
    );
    const context = exportContext({
      db: t.database.db,
      storage: t.storage,
      familyId: owner.familyId,
      account: (await owner.get("/api/auth/user")).json(),
      scope: {},
    });
    let read = 0;
    const rows = context.rows;
    context.rows = async function* (section, order) {
      for await (const row of rows(section, order)) {
        read += 1;
        yield row;
      }
    };
    const download = excelExport.render(context);
    // Nobody reads the download (a phone on a poor connection): the export stops reading records
    // once the way out is full, instead of writing the whole workbook ahead into memory, whose
    // collection held every other request of the process up for seconds.
    let before = -1;
    for (let turn = 0; turn < 100_000 && read < total; turn++) {
      if (turn % 2000 === 0) {
        if (read === before) break;
        before = read;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(read).toBeLessThan(total / 2);
    const file = await buffer(download);
    expect(read).toBe(total + 1);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
    expect(workbook.getWorksheet("Vitals")?.rowCount).toBe(total + 1);
  });

  it("pages through a section in date order without repeating or skipping a record", async () => {
    const many = await signUp(t.app);
    // 700 symptoms on three dates, typed in newest date first, 600 of them at one creation time:
    // page boundaries fall among equal dates and equal creation times.
    await queryRows(
      t.database,
      sql`insert into symptom_entries (family_id, date, symptoms, created_at)
        select ${many.familyId}, date '2026-11-03' - (i % 3), array['Entry ' || i],
          case when i <= 600 then timestamptz '2026-11-04 08:00:00.123456' else timestamptz '2026-11-04 09:00' + make_interval(secs => i / 1000000.0) end
        from generate_series(1, 700) as i`,
    );
    const zip = await JSZip.loadAsync((await download(many, "format=csv")).rawPayload);
    const rows = (await zip.file("symptoms-pain.csv")!.async("string")).trim().split("\r\n").slice(1);
    expect(rows).toHaveLength(700);
    expect(new Set(rows.map((row) => row.split(",")[3])).size).toBe(700);
    const dates = rows.map((row) => row.split(",")[1]);
    expect(dates).toEqual([...dates].sort());
  });

  it("writes instants in the family's time zone, and names it", async () => {
    const account = (await user.get("/api/auth/user")).json();
    const context = {
      ...exportContext({
        db: t.database.db,
        storage: t.storage,
        familyId: user.familyId,
        account,
        scope: {},
      }),
      timeZone: "America/Chicago",
    };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buffer(excelExport.render(context))) as unknown as ExcelJS.Buffer);
    expect(sheetRows(workbook, "Lab Tests").rows).toEqual([
      expect.objectContaining({ "Recorded (America/Chicago)": new Date(Date.UTC(2026, 10, 24, 21, 33)) }),
    ]);
    const zip = await JSZip.loadAsync(await buffer(csvExport.render(context)));
    const labs = await zip.file("lab-tests.csv")!.async("string");
    expect(labs).toContain("Recorded (America/Chicago)");
    expect(labs).toContain("Nov 24, 2026 21:33");
  });
});
