import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { invite, joinFamily, markEmailConfirmed } from "../../../../../tests/helpers/family";
import { seedEveryRecordType } from "../../../../../tests/helpers/seed-records";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../../tests/helpers/test-app";
import { queryRows } from "../../../../../tests/helpers/test-database";
import { restoreJobs } from "../../../db/schema/index";
import type { ObjectStorage } from "../../../storage/object-storage";
import { CARE_RECORD_TABLES, LINKS, RECORD_NAMES, type RecordName } from "../../record-types";
import { openZipBackup } from "./backup-files";
import { checkBackup } from "./restore-check";
import {
  INTERRUPTED,
  RECORDS_PER_STEP,
  runRestore,
  startRestore,
  sweepRestoreFiles,
  undoAbandonedRestores,
  writeRestore,
} from "./restore-writer";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
type ExportFile = Record<string, unknown> & Record<keyof typeof CARE_RECORD_TABLES, Row[]>;

const exportOf = async (user: TestUser, query = "") =>
  (await user.get(`/api/account/export?photos=1${query}`)).json() as ExportFile;

/**
 * An export's content without what a restore renews: ids and timestamps, the photo's path and the
 * re-encoded bytes. Links are replaced by what they point at (the child's name, the supply's name,
 * the line's insertion date), so a restore that broke a link shows.
 */
function comparable(file: ExportFile) {
  const byId = new Map<string, string>();
  for (const child of file.children) byId.set(child.id as string, `child ${child.name}`);
  for (const supply of file.tpnSupplies) byId.set(supply.id as string, `supply ${supply.name}`);
  for (const line of file.piccLines) byId.set(line.id as string, `line ${line.insertionDate}`);
  for (const version of file.pnPrescriptions)
    byId.set(version.id as string, `prescription ${version.startDate}`);
  for (const medication of file.medications)
    byId.set(medication.id as string, `medication ${medication.name}`);
  for (const task of file.careTasks) byId.set(task.id as string, `task ${task.title}`);
  // Any other record a link may point at (a lab result's lab test): by its type and its place.
  for (const name of Object.keys(CARE_RECORD_TABLES)) {
    file[name as keyof typeof CARE_RECORD_TABLES].forEach((row, index) => {
      if (!byId.has(row.id as string)) byId.set(row.id as string, `${name} ${index}`);
    });
  }
  const out: Record<string, Row[]> = {};
  for (const name of Object.keys(CARE_RECORD_TABLES)) {
    out[name] = file[name as keyof typeof CARE_RECORD_TABLES].map((row) => {
      // Who wrote a record comes back only where that person is a member of the family restored into.
      const {
        id: _id,
        createdAt: _c,
        updatedAt: _u,
        createdBy: _cb,
        updatedBy: _ub,
        assigneeId: _a,
        photoUrl,
        image,
        ...rest
      } = row;
      for (const link of new Set([
        "childId",
        "supplyId",
        "piccLineId",
        "medicationId",
        "pnPrescriptionId",
        "careTaskId",
        ...Object.keys(LINKS[name as RecordName]),
      ])) {
        if (typeof rest[link] === "string") rest[link] = byId.get(rest[link] as string);
      }
      return { ...rest, ...(photoUrl ? { photo: "present" } : {}), ...(image ? { image: "present" } : {}) };
    });
    // Records that share a creation time (written in one statement) are ordered by their ids,
    // which a restore renews: compared as sets.
    out[name].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return out;
}

/**
 * How many records an export holds: what a restore of it writes. Counted from the file, so a record
 * type declared later is counted without a number to change here.
 */
const recordsIn = (file: ExportFile) =>
  Object.keys(CARE_RECORD_TABLES).reduce((sum, name) => sum + file[name as RecordName].length, 0);

const recordCount = async (user: TestUser) => {
  const counts = await Promise.all(
    Object.values(CARE_RECORD_TABLES).map(async (table) => {
      const [row] = await queryRows(
        t.database,
        sql`select count(*)::int as n from ${table} where family_id = ${user.familyId}`,
      );
      return row!.n as number;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
};

/**
 * One family with a record of every type, made once for the file (seeding one takes a few dozen
 * requests and a photo): the tests below only read it, as the source of the exports they restore
 * elsewhere. Its export without photos and its backup are made once too. A test that changes the
 * family it restores from seeds its own.
 */
let seededFamily: Promise<{ source: TestUser; exportText: string; backup: Buffer }> | undefined;
const seededSource = () => {
  seededFamily ??= (async () => {
    const source = await signUp(t.app);
    await seedEveryRecordType(t, source);
    const exported = await source.get("/api/account/export");
    expect(exported.statusCode).toBe(200);
    const backup = await source.get("/api/account/export?format=backup");
    expect(backup.statusCode).toBe(200);
    return { source, exportText: exported.body, backup: backup.rawPayload };
  })();
  return seededFamily;
};

const restore = (user: TestUser, body: unknown, query = "") =>
  t.app.inject({
    method: "POST",
    url: `/api/account/import${query}`,
    headers: { cookie: user.cookie, "content-type": "application/json" },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("restoring an export", () => {
  it("brings every record, link and photo back into another account: export, import, export gives the same data", async () => {
    const { source } = await seededSource();
    const first = await exportOf(source);
    expect(first.medicalPhotos[0]?.image).toEqual(expect.stringMatching(/^\/9j\//));

    const target = await signUp(t.app);
    const response = await restore(target, first);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    // Every declared type has a record to bring back (a new type is seeded from its declaration).
    for (const name of Object.keys(CARE_RECORD_TABLES)) {
      expect(first[name as RecordName].length, name).toBeGreaterThan(0);
    }
    expect(report.message).toBe(`Imported ${recordsIn(first)} records.`);
    expect(report.imported).toMatchObject({
      children: 1,
      supplyUsage: 1,
      supplyStockEvents: 2,
      piccInfections: 1,
      medicalPhotos: 1,
      pnPrescriptions: 2,
      medicationDoses: 2,
      careTasks: 1,
      careTaskEvents: 1,
    });
    expect(report.skipped).toEqual([]);

    const second = await exportOf(target);
    expect(comparable(second)).toEqual(comparable(first));
    // What the server keeps beside a record's body comes back as it was: the first version's
    // end, each dose's time on the family's clock and its child, the bag's prescription.
    const childId = second.children[0]!.id;
    expect(second.children[0]).toMatchObject({ gestationalAgeWeeks: 34, gestationalAgeDays: 2 });
    const versions = second.pnPrescriptions.map((v) => [v.startDate, v.endDate]).sort();
    expect(versions).toEqual([
      ["2026-10-01", "2026-11-14"],
      ["2026-11-15", null],
    ]);
    const doses = second.medicationDoses.map((d) => [d.givenAt, d.date, d.time, d.status, d.childId]).sort();
    expect(doses).toEqual(
      [
        [
          first.medicationDoses[0]!.givenAt,
          first.medicationDoses[0]!.date,
          first.medicationDoses[0]!.time,
          "given",
          childId,
        ],
        [
          first.medicationDoses[1]!.givenAt,
          first.medicationDoses[1]!.date,
          first.medicationDoses[1]!.time,
          "skipped",
          childId,
        ],
      ].sort(),
    );
    const current = second.pnPrescriptions.find((v) => v.endDate === null)!;
    expect(second.tpnEntries[0]).toMatchObject({ pnPrescriptionId: current.id, lot: "B-4471" });
    // The restored records answer through the API as any other: the medication's last dose.
    const medication = (await target.get(`/api/medications/${second.medications[0]!.id}`)).json();
    expect(medication.lastDose).toMatchObject({ status: "skipped", givenAt: "2026-11-20T20:00:00.000Z" });
    // A restored record starts at its first version, and its id is its own: no create of another
    // family's is kept under it.
    expect(medication.version).toBe(1);
    const reused = await source.post("/api/notes", { title: "Mine", content: "Mine", id: medication.id });
    expect(reused.statusCode).toBe(409);
    // Stock is not taken twice: the usage comes back as a record, the stock as it was.
    expect(second.tpnSupplies[0]?.currentStock).toBe(13);
    // The restored photo is served to its new owner.
    const photo = await target.get(second.medicalPhotos[0]!.photoUrl as string);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/jpeg");
    // The source account is untouched.
    expect(await recordCount(source)).toBe(recordsIn(first));
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "restores an export of the embedded database (PGlite) into PostgreSQL",
    async () => {
      const embedded = await buildTestApp({}, undefined, { database: "embedded" });
      try {
        const source = await signUp(embedded.app);
        await seedEveryRecordType(embedded, source);
        const first = (await source.get("/api/account/export?photos=1")).json() as ExportFile;
        const target = await signUp(t.app);
        const response = await restore(target, first);
        expect(response.statusCode).toBe(200);
        expect(response.json().message).toBe(`Imported ${recordsIn(first)} records.`);
        expect(comparable(await exportOf(target))).toEqual(comparable(first));
      } finally {
        await embedded.close();
      }
    },
  );

  it("skips photos whose images the file does not hold, and says so", async () => {
    const withoutImages = JSON.parse((await seededSource()).exportText);
    const target = await signUp(t.app);
    const report = (await restore(target, withoutImages)).json();
    expect(report.imported.medicalPhotos).toBe(0);
    expect(report.skipped).toEqual(["1 medical photo: the file holds no image"]);
  });

  it("refuses a file that is cut short, not an export, from a newer version or wrong inside, and changes nothing", async () => {
    const text = (await seededSource()).exportText;
    const file = JSON.parse(text);
    const target = await signUp(t.app);
    await target.post("/api/notes", { title: "Already here", content: "kept" });

    const cases: [string, unknown, string][] = [
      [
        "cut short",
        text.slice(0, Math.floor(text.length / 2)),
        "This file is not a complete export: it is not valid JSON, and may have been cut short.",
      ],
      [
        "another file",
        { hello: "world" },
        "This file is not a Medical Care Tracker export (a JSON download from Account Settings).",
      ],
      [
        "a newer version",
        { ...file, version: 2 },
        "This export was made by a newer version of Medical Care Tracker (format version 2). Update this server, then import it again.",
      ],
      [
        "a record that breaks the rules",
        { ...file, notes: [{ ...file.notes[0], title: "a\u0000b" }] },
        "Notes, record 1: title: Must not contain a NUL character",
      ],
      [
        "a link to nothing",
        { ...file, tpnEntries: [{ ...file.tpnEntries[0], childId: "00000000-0000-4000-8000-000000000000" }] },
        "TPN Entries, record 1 refers to a children record that is not in the file.",
      ],
      [
        "an infection before its line went in",
        { ...file, piccInfections: [{ ...file.piccInfections[0], infectionDate: "2001-01-01" }] },
        `PICC Infections, record 1: infectionDate: Infection date cannot be before the line's insertion date (${file.piccLines[0].insertionDate})`,
      ],
      [
        "an infection on another child's line",
        {
          ...file,
          children: [
            ...file.children,
            { ...file.children[0], id: "00000000-0000-4000-8000-000000000001", name: "Ana" },
          ],
          piccInfections: [{ ...file.piccInfections[0], childId: "00000000-0000-4000-8000-000000000001" }],
        },
        "PICC Infections, record 1: piccLineId: The PICC line must be one of this child's lines",
      ],
      [
        "a prescription version that ends before it starts",
        {
          ...file,
          pnPrescriptions: [{ ...file.pnPrescriptions[0], endDate: "2001-01-01" }, file.pnPrescriptions[1]],
        },
        "PN Prescriptions, record 1: endDate: End date cannot be before the start date",
      ],
      [
        "a bag that follows another child's prescription",
        {
          ...file,
          children: [
            ...file.children,
            { ...file.children[0], id: "00000000-0000-4000-8000-000000000001", name: "Ana" },
          ],
          pnPrescriptions: [
            file.pnPrescriptions[0],
            { ...file.pnPrescriptions[1], childId: "00000000-0000-4000-8000-000000000001" },
          ],
        },
        "TPN Entries, record 1: pnPrescriptionId: This prescription is another child's",
      ],
      [
        "a dose without its time of day",
        { ...file, medicationDoses: [{ ...file.medicationDoses[0], time: undefined }] },
        "Medication Doses, record 1: time: Time is required",
      ],
      [
        "a line removed before it went in",
        { ...file, piccLines: [{ ...file.piccLines[0], removalDate: "2001-01-01" }] },
        "PICC Lines, record 1: removalDate: Removal date cannot be before the insertion date",
      ],
    ];
    for (const [name, body, message] of cases) {
      // The family holds a record: the restore is asked for into it.
      const response = await restore(target, body, "?confirm=true");
      expect({ name, status: response.statusCode, message: response.json().message }).toEqual({
        name,
        status: 400,
        message,
      });
    }
    expect(await recordCount(target)).toBe(1);
    expect(await t.storage.list(`${target.familyId}/`)).toEqual([]);
  });

  it("gives a dose its medication's child, as the server keeps it, whatever the file says", async () => {
    const file = JSON.parse((await seededSource()).exportText);
    const target = await signUp(t.app);
    const unlinked = file.medicationDoses.map((dose: Row) => ({ ...dose, childId: null }));
    const response = await restore(target, { ...file, medicalPhotos: [], medicationDoses: unlinked });
    expect(response.statusCode, response.body).toBe(200);
    const restored = await exportOf(target);
    const childId = restored.children[0]!.id;
    expect(restored.medicationDoses.map((dose) => dose.childId)).toEqual([childId, childId]);
  });

  it("refuses creation times this app could not have written, naming the record, and changes nothing", async () => {
    const source = await signUp(t.app);
    await source.post("/api/notes", { title: "Pump", content: "Ramp 1 hour" });
    const file = (await source.get("/api/account/export")).json();
    const target = await signUp(t.app);
    for (const createdAt of ["-271821-04-20T00:00:00.000Z", "2999-01-01T00:00:00.000Z", "yesterday", 42]) {
      const response = await restore(target, { ...file, notes: [{ ...file.notes[0], createdAt }] });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        `Notes, record 1: createdAt: ${JSON.stringify(createdAt)} is not a time this app could have written.`,
      );
    }
    expect(await recordCount(target)).toBe(0);
  });
});

describe("restoring a backup", () => {
  it("brings every record and photo back from a backup (.zip): backup, restore, export gives the same data", async () => {
    const { source } = await seededSource();
    const response = await source.get("/api/account/export?format=backup");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="tpn-tracker-backup-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const zip = await JSZip.loadAsync(response.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toContain("backup.json");
    expect(names).toContain("records/notes.jsonl");
    const photos = names.filter((name) => name.startsWith("photos/"));
    expect(photos).toHaveLength(1);
    // Photos are kept as they are (method 0): a JPEG does not get smaller deflated.
    const archive = await yauzl.fromBufferPromise(response.rawPayload);
    for await (const entry of archive.eachEntry()) {
      expect({ name: entry.fileName, stored: entry.compressionMethod === 0 }).toEqual({
        name: entry.fileName,
        stored: entry.fileName.startsWith("photos/"),
      });
    }

    const target = await signUp(t.app);
    const restored = await restoreBackup(target, response.rawPayload);
    expect(restored.statusCode).toBe(200);
    const seeded = recordsIn(await exportOf(source));
    expect(restored.json()).toMatchObject({ message: `Imported ${seeded} records.`, skipped: [] });
    expect(comparable(await exportOf(target))).toEqual(comparable(await exportOf(source)));
    const photo = (await exportOf(target)).medicalPhotos[0]!;
    expect((await target.get(photo.photoUrl as string)).statusCode).toBe(200);
  });

  it("writes a long history in steps, giving the event loop back between them, and the export after it is the same", async () => {
    const source = await signUp(t.app);
    const childId = (await source.post("/api/children", { name: "Sam", dateOfBirth: "2019-04-02" })).json()
      .id;
    await queryRows(
      t.database,
      sql`insert into notes (family_id, child_id, title, content, created_at)
        select ${source.familyId}, ${childId}, 'Night ' || i, 'Flushed fine', timestamptz '2026-01-01' + make_interval(mins => i)
        from generate_series(1, 1200) as i`,
    );
    await queryRows(
      t.database,
      sql`insert into tpn_entries (family_id, child_id, date, volume)
        select ${source.familyId}, ${childId}, date '2026-01-01' + i, 1000 + i from generate_series(1, 300) as i`,
    );
    const backup = (await source.get("/api/account/export?format=backup")).rawPayload;
    const target = await signUp(t.app);
    const turns = countTurns();
    const response = await restoreBackup(target, backup);
    const counted = turns.stop();
    expect(response.statusCode).toBe(200);
    expect(response.json().imported).toMatchObject({ children: 1, notes: 1200, tpnEntries: 300 });
    // 1,501 records in steps of RECORDS_PER_STEP: the event loop had a turn after each.
    expect(counted).toBeGreaterThanOrEqual(Math.floor(1500 / RECORDS_PER_STEP));
    expect(comparable(await exportOf(target))).toEqual(comparable(await exportOf(source)));
    const [count] = await queryRows(
      t.database,
      sql`select n from record_counts where family_id = ${target.familyId} and entity = 'tpn_entries'`,
    );
    expect(count?.n).toBe(300);
  });

  it("answers at once when asked to, says how far it is, and runs one restore of an account at a time", async () => {
    const { source, backup } = await seededSource();
    const seeded = recordsIn(await exportOf(source));
    const target = await signUp(t.app);
    const started = await restoreBackup(target, backup, { prefer: "respond-async" });
    expect(started.statusCode).toBe(202);
    expect(started.headers["preference-applied"]).toBe("respond-async");
    const job = started.json();
    expect(job).toMatchObject({ state: "writing", total: seeded, processed: 0, report: null });
    expect(started.headers.location).toBe(`/api/account/import/${job.id}`);

    const second = await restoreBackup(target, backup);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      "A restore is already running for this account. Wait until it has finished, then try again.",
    );
    // Another account cannot see it.
    expect((await source.get(`/api/account/import/${job.id}`)).statusCode).toBe(404);

    let state = job;
    while (state.state === "writing") {
      // The restore writes between the event loop's turns; a turn, not a wait on the clock.
      await new Promise((resolve) => setImmediate(resolve));
      state = (await target.get(`/api/account/import/${job.id}`)).json();
    }
    expect(state).toMatchObject({
      state: "done",
      processed: seeded,
      report: { message: `Imported ${seeded} records.` },
    });
    expect((await target.get("/api/account/import")).json()).toEqual([state]);
    expect(await recordCount(target)).toBe(seeded);
  });

  it("undoes what a restore wrote when it cannot finish, and one whose process stopped, from its journal", async () => {
    const { source, backup } = await seededSource();
    const target = await signUp(t.app);
    await target.post("/api/notes", { title: "Already here", content: "kept" });
    // Storage that fails when the photos are written: after every section but the care tasks.
    const failing: ObjectStorage = {
      ...t.storage,
      put: () => Promise.reject(Object.assign(new Error("storage unreachable"), { code: "ECONNREFUSED" })),
    };
    const scope = { familyId: target.familyId, actorId: target.id, childIds: null, role: "owner" as const };
    // Its own folder of restores: the sweep below looks at every folder in it.
    const restoresDir = mkdtempSync(join(tmpdir(), "mct-restores-"));
    const prepare = async () => {
      const id = randomUUID();
      const dir = mkdtempSync(join(restoresDir, "restore-"));
      writeFileSync(join(dir, "upload"), backup);
      const reader = await openZipBackup(join(dir, "upload"), backup.length);
      const checked = await checkBackup(reader, id, dir, new Date());
      await reader.close();
      return { job: (await startRestore(t.database.db, scope, id, checked, new Date()))!, dir };
    };

    // A step fails: what the steps before it wrote is removed, and the restore says why.
    const first = await prepare();
    const failed = await runRestore({ db: t.database.db, storage: failing }, first.job, first.dir, () => {});
    expect(failed).toMatchObject({ state: "failed", message: INTERRUPTED, processed: 0 });
    expect(await recordCount(target)).toBe(1);

    // The process stops half-way (here: its writer is given up on): the records stay until the
    // sweep finds the journal standing still, and undoes it.
    const second = await prepare();
    await expect(
      writeRestore({ db: t.database.db, storage: failing }, second.job, second.dir),
    ).rejects.toThrow();
    // The note already here, and every record of the sections before the photos', in the order a
    // restore writes them.
    const file = await exportOf(source);
    const beforePhotos = RECORD_NAMES.slice(0, RECORD_NAMES.indexOf("medicalPhotos")).reduce(
      (sum, name) => sum + file[name].length,
      0,
    );
    expect(beforePhotos).toBeGreaterThan(0);
    expect(await recordCount(target)).toBe(1 + beforePhotos);
    const sweep = (minutes: number) =>
      undoAbandonedRestores({
        db: t.database.db,
        storage: t.storage,
        now: () => new Date(Date.now() + minutes * 60_000),
      });
    expect(await sweep(1)).toBe(0);
    expect(await sweep(3)).toBe(1);
    expect(await recordCount(target)).toBe(1);
    expect((await target.get(`/api/account/import/${second.job.id}`)).json()).toMatchObject({
      state: "failed",
      message: INTERRUPTED,
    });
    const counts = await queryRows(
      t.database,
      sql`select entity, sum(n)::int as n from record_counts where family_id = ${target.familyId} group by entity having sum(n) <> 0`,
    );
    expect(counts).toEqual([]);
    expect(await t.storage.list(`${target.familyId}/`)).toEqual([]);

    // The second restore's checked files are still where its writer left them: removed once a
    // day old, unless a running restore uses them.
    const deps = (hours: number) => ({
      db: t.database.db,
      storage: t.storage,
      now: () => new Date(Date.now() + hours * 3_600_000),
    });
    const restores = dirname(second.dir);
    const running = join(restores, randomUUID());
    mkdirSync(running);
    await t.database.db.insert(restoreJobs).values({
      id: basename(running),
      familyId: source.familyId,
      state: "writing",
      totals: {},
      total: 0,
    });
    expect(await sweepRestoreFiles(deps(1), restores)).toBe(0);
    expect(existsSync(second.dir)).toBe(true);
    await sweepRestoreFiles(deps(27), restores);
    expect(existsSync(second.dir)).toBe(false);
    expect(existsSync(running)).toBe(true);
    await t.database.db.delete(restoreJobs).where(eq(restoreJobs.id, basename(running)));
  });
});

describe("a restore within the family's storage", () => {
  it("refuses a file larger than the storage quota (413), and photos that would not fit (409), changing nothing", async () => {
    const small = await buildTestApp({ STORAGE_QUOTA_MB: "1" }, undefined, { sameDatabaseAs: t });
    try {
      const source = await signUp(small.app);
      await seedEveryRecordType(small, source);
      const backup = (await source.get("/api/account/export?format=backup")).rawPayload;
      const target = await signUp(small.app);
      const huge = `{"format":"medical-care-tracker-export","version":1,"notes":[],"padding":"${"x".repeat(1024 * 1024)}"}`;
      const tooLarge = await small.app.inject({
        method: "POST",
        url: "/api/account/import",
        headers: { cookie: target.cookie, "content-type": "application/json" },
        payload: huge,
      });
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().message).toBe(
        "This file is larger than the 1 MB of storage this account has. Restore one child's backup at a time, or ask whoever runs this server for more space.",
      );
      // Sent without its length up front: read to the end without being kept, then refused.
      const streamed = await small.app.inject({
        method: "POST",
        url: "/api/account/import",
        headers: { cookie: target.cookie, "content-type": "application/json" },
        payload: Readable.from([huge.slice(0, 600_000), huge.slice(600_000)]),
      });
      expect(streamed.statusCode).toBe(413);
      expect(readdirSync(join(small.dataDir, "restores"))).toEqual([]);
      // The account's photos already take all but 100 bytes of its megabyte.
      await queryRows(
        small.database,
        sql`insert into stored_objects (family_id, object_path, storage_key, size_bytes, finalized_at)
          values (${target.familyId}, '/objects/uploads/' || gen_random_uuid(), 'elsewhere', ${1024 * 1024 - 100}, now())`,
      );
      const noRoom = await small.app.inject({
        method: "POST",
        url: "/api/account/import",
        headers: { cookie: target.cookie, "content-type": "application/zip" },
        payload: backup,
      });
      expect(noRoom.statusCode).toBe(409);
      expect(noRoom.json().message).toMatch(
        /^This backup's photos need [\d.,]+ (bytes|KB), and this account's photos already use [\d.,]+ (KB|MB) of 1 MB\./,
      );
      expect(await recordCount(target)).toBe(0);
      expect((await target.get("/api/account/import")).json()).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

/** Counts the turns the event loop takes until stopped (each turn: other requests may run). */
function countTurns() {
  let turns = 0;
  let counting = true;
  const tick = () => {
    if (!counting) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  return {
    stop() {
      counting = false;
      return turns;
    },
  };
}

const restoreBackup = (user: TestUser, zip: Buffer, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/account/import",
    headers: { cookie: user.cookie, "content-type": "application/zip", ...headers },
    payload: zip,
  });

/** The family's settings as its screens read them: its clock and units, its task settings, its rota. */
const settingsOf = async (user: TestUser) => {
  const family = (await user.get("/api/auth/user")).json();
  return {
    timeZone: family.timeZone,
    temperatureUnit: family.temperatureUnit,
    feverThresholdC: family.feverThresholdC,
    timeFormat: family.timeFormat,
    tasks: (await user.get("/api/family/task-settings")).json(),
    rota: (({ onDuty, order }) => ({ onDuty, order }))((await user.get("/api/family/reminders")).json()),
    contact: (await user.get("/api/family/contact")).json(),
  };
};

describe("a restore and the family it goes into", () => {
  it("brings back the family's settings and who wrote and is told of each record, found by their addresses on a new server", async () => {
    const owner = await signUp(t.app, { firstName: "Maya" });
    const grace = await joinFamily(t, owner, { firstName: "Grace" });
    expect(
      (
        await owner.patch("/api/family", {
          timeZone: "America/Chicago",
          temperatureUnit: "F",
          feverThresholdC: 38.06,
          timeFormat: "12h",
        })
      ).statusCode,
    ).toBe(200);
    const tasks = await owner.patch("/api/family/task-settings", {
      expiryWarningDays: 14,
      fridgeOutHours: 3,
      labsEveryWeeks: 2,
      weighEveryDays: 3,
      pnStartTime: "19:00",
      pnLatestStartTime: "21:00",
      escalation: { dose: { repeatMinutes: 30, nextAfterMinutes: 60, everyoneAfterMinutes: 120 } },
    });
    expect(tasks.statusCode, tasks.body).toBe(200);
    const rota = await owner.put("/api/family/reminders", {
      onDuty: { "1": grace.id },
      order: [grace.id, owner.id],
    });
    expect(rota.statusCode, rota.body).toBe(200);
    const contact = await owner.put("/api/family/contact", { name: "Maya (mother)", phone: "555-0142" });
    expect(contact.statusCode, contact.body).toBe(200);
    expect((await grace.post("/api/notes", { title: "Night", content: "Slept well" })).statusCode).toBe(201);
    const task = await owner.post("/api/tasks", {
      title: "Flush the line",
      intervalHours: 24,
      startAt: "2026-11-20T18:00:00.000Z",
      assigneeId: grace.id,
    });
    expect(task.statusCode, task.body).toBe(201);
    const before = await settingsOf(owner);
    const backup = (await owner.get("/api/account/export?format=backup")).rawPayload;

    // The family moves to a new server: the same two people, the same addresses, new accounts.
    const moved = await buildTestApp({}, undefined, { database: "embedded" });
    try {
      const newOwner = await signUp(moved.app, { email: owner.email, firstName: "Maya" });
      const invitation = await invite(newOwner, { email: grace.email });
      const newGrace = await signUp(moved.app, { email: grace.email, firstName: "Grace" });
      await markEmailConfirmed(moved, newGrace);
      expect((await newGrace.post("/api/invitations/accept", { token: invitation.token })).statusCode).toBe(
        200,
      );

      const restored = await moved.app.inject({
        method: "POST",
        url: "/api/account/import",
        headers: { cookie: newOwner.cookie, "content-type": "application/zip" },
        payload: backup,
      });
      expect(restored.statusCode, restored.body).toBe(200);

      expect(await settingsOf(newOwner)).toEqual({
        ...before,
        rota: { onDuty: { "1": newGrace.id }, order: [newGrace.id, newOwner.id] },
      });
      const [note] = (await newOwner.get("/api/notes")).json();
      expect(note).toMatchObject({
        title: "Night",
        createdBy: newGrace.id,
        createdByName: expect.stringContaining("Grace"),
      });
      const familyTask = (await newOwner.get("/api/tasks"))
        .json()
        .find((t: { kind: string }) => t.kind === "family");
      const careTask = (await newOwner.get(`/api/tasks/${familyTask.id.slice("family:".length)}`)).json();
      expect(careTask).toMatchObject({
        title: "Flush the line",
        assigneeId: newGrace.id,
        createdBy: newOwner.id,
      });
    } finally {
      await moved.close();
    }
  });

  it("asks before restoring into a family that holds records, then adds only what is not there already (by id)", async () => {
    const owner = await signUp(t.app);
    await seedEveryRecordType(t, owner);
    const backup = (await owner.get("/api/account/export?format=backup")).rawPayload;
    const seeded = recordsIn(await exportOf(owner));
    expect((await owner.get("/api/account/import/target")).json()).toEqual({ holdsRecords: true });

    const unasked = await restoreBackup(owner, backup);
    expect(unasked.statusCode).toBe(409);
    expect(unasked.json().message).toMatch(/already holds records/);
    expect(await recordCount(owner)).toBe(seeded);

    // A record deleted since the backup comes back; the others are left as they are.
    const [note] = (await owner.get("/api/notes")).json();
    expect((await owner.delete(`/api/notes/${note.id}`)).statusCode).toBe(204);
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/api/account/import?confirm=true",
      headers: { cookie: owner.cookie, "content-type": "application/zip" },
      payload: backup,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(`Imported 1 record; ${seeded - 1} were here already.`);
    expect(await recordCount(owner)).toBe(seeded);
    expect((await owner.get("/api/notes")).json()).toEqual([expect.objectContaining({ title: note.title })]);

    // An empty family is not asked.
    const empty = await signUp(t.app);
    expect((await empty.get("/api/account/import/target")).json()).toEqual({ holdsRecords: false });
    expect((await restoreBackup(empty, backup)).statusCode).toBe(200);
  });
});
