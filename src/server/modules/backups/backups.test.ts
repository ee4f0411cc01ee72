import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminQuery } from "../../../../tests/helpers/global-database";
import { startS3Server } from "../../../../tests/helpers/s3-server";
import { seedEveryRecordType } from "../../../../tests/helpers/seed-records";
import {
  buildTestApp,
  clientFor,
  PASSWORD,
  sessionCookie,
  signUp,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { todayIn } from "../../../domain/clock";
import { loadConfig } from "../../config";
import { type Database, openPglite, openPostgres } from "../../db/client";
import { ERASE_KEY, ERASE_QUEUE } from "../../lib/erasure";
import { ARCHIVE_NAME, archiveDate, archiveName, BackupError, openArchive } from "./backup-archive";
import { nextNight } from "./backup-schedule";
import { type BackupStore, backupStore } from "./backup-store";
import { BACKUP_QUEUE, backupDeps, NIGHTLY } from "./backups.jobs";
import { makeBackup } from "./make-backup";
import { findPgTools } from "./pg-tools";
import { restoreInstallation } from "./restore-installation";
import { archivesToKeep } from "./retention";

const postgresUrl = process.env.TEST_DATABASE_URL;
const kind = postgresUrl ? "PostgreSQL" : "the embedded database";
const NIGHT = { hour: 3, minute: 30 };
const DAY = 24 * 60 * 60 * 1000;

/** Every file of a family's backup export (its records and photos), but when it was exported. */
async function exportOf(app: FastifyInstance, cookie: string): Promise<Record<string, string>> {
  const response = await app.inject({
    method: "GET",
    url: "/api/account/export?format=backup",
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  const zip = await JSZip.loadAsync(response.rawPayload);
  const files: Record<string, string> = {};
  for (const [name, file] of Object.entries(zip.files)) {
    if (file.dir) continue;
    const bytes = await file.async("nodebuffer");
    if (name === "backup.json") {
      const { exportedAt: _, ...head } = JSON.parse(bytes.toString("utf8"));
      files[name] = JSON.stringify(head);
    } else files[name] = bytes.toString("base64");
  }
  return files;
}

/** A place to restore into: an empty data directory, and on PostgreSQL an empty database. */
async function emptyInstallation() {
  const dataDir = mkdtempSync(join(tmpdir(), "mct-restored-"));
  if (!postgresUrl) {
    return {
      config: loadConfig({ DATA_DIR: dataDir }),
      open: () => openPglite(dataDir),
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `mct_restored_${randomBytes(6).toString("hex")}`;
  await adminQuery(postgresUrl, `CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url.href }),
    url: url.href,
    open: async () => openPostgres(url.href),
    async drop() {
      await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app on a restored installation, and the owner signed in there with their password. */
async function signedInOn(database: Database, dataDir: string, url: string | undefined, email: string) {
  const restored = await buildTestApp({ DATA_DIR: dataDir }, undefined, {
    sameDatabaseAs: { database, databaseUrl: url } as TestApp,
  });
  const login = await restored.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  return { restored, cookie: sessionCookie(login) };
}

/** The person signed in again (a night on the test clock is past the session's idle time). */
async function signIn(t: TestApp, user: TestUser): Promise<TestUser> {
  const login = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: user.email, password: PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  return clientFor(t.app, sessionCookie(login), user.id, user.email, user.familyId);
}

const archivesIn = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((name) => ARCHIVE_NAME.test(name)) : [];

// A backup opens its archive's database again to check it, and each restore once more: the
// embedded database takes seconds each time.
describe(`backups of the whole installation on ${kind}`, { timeout: 240_000 }, () => {
  let t: TestApp;
  let owner: TestUser;
  let before: Record<string, string>;
  const backupDir = () => join(t.dataDir, "backups");

  beforeAll(async () => {
    t = await buildTestApp({ BACKUP_SCHEDULE: "03:30" }, undefined, { database: "fresh" });
    owner = await signUp(t.app);
    await seedEveryRecordType(t, owner);
    before = await exportOf(t.app, owner.cookie);
  }, 120_000);
  afterAll(() => t.close());

  it("makes one at night on the schedule, and a restore into an empty database gives the same export", async () => {
    const zone = loadConfig({ DATA_DIR: t.dataDir }).backup.timeZone;
    const night = nextNight(t.clock.now(), NIGHT, zone);
    expect(await t.scheduler.scheduled(BACKUP_QUEUE, NIGHTLY)).toEqual({ runAt: night, data: null });
    // Nothing before its time.
    t.clock.advance(night.getTime() - t.clock.now().getTime() - 60_000);
    await t.scheduler.runDue();
    expect(archivesIn(backupDir())).toEqual([]);
    t.clock.advance(60_000);
    await t.scheduler.runDue();

    const [archive] = archivesIn(backupDir());
    expect(archive).toBe(archiveName(night));
    expect(readdirSync(backupDir())).toEqual([archive]);
    expect(await t.scheduler.scheduled(BACKUP_QUEUE, NIGHTLY)).toEqual({
      runAt: nextNight(night, NIGHT, zone),
      data: null,
    });
    owner = await signIn(t, owner);
    const status = (await owner.get("/api/backups")).json();
    expect(status).toMatchObject({
      schedule: "03:30",
      serverTimeZone: zone,
      nextAt: nextNight(night, NIGHT, zone).toISOString(),
      last: { ok: true, trigger: "nightly", at: night.toISOString(), message: null, photos: 1 },
    });
    expect(status.last.records).toBeGreaterThan(20);
    expect(status.last.sizeBytes).toBeGreaterThan(1000);
    expect(status.lastGood).toEqual(status.last);
    const opened = await openArchive(join(backupDir(), archive!));
    opened.close();
    expect(opened.manifest.database.dump).toBe(
      postgresUrl ? (findPgTools() ? "pg_dump" : "tables") : "pglite-data-dir",
    );

    const target = await emptyInstallation();
    try {
      const said: string[] = [];
      await restoreInstallation({
        config: target.config,
        file: join(backupDir(), archive!),
        say: (l) => said.push(l),
      });
      expect(said.at(-1)).toMatch(/^Restored \d+ records and 2 stored files \(photos\) from /);
      // A second restore into what now holds data is refused, and changes nothing.
      await expect(
        restoreInstallation({ config: target.config, file: join(backupDir(), archive!) }),
      ).rejects.toThrow(/already holds/);

      const database = await target.open();
      const { restored, cookie } = await signedInOn(database, target.config.dataDir, target.url, owner.email);
      try {
        expect(await exportOf(restored.app, cookie)).toEqual(before);
      } finally {
        await restored.close();
        await database.close();
      }
    } finally {
      await target.drop();
    }
  });

  it("restores the app's own dump of its tables (PostgreSQL without pg_dump) to the same export", async () => {
    const run = await makeBackup({ ...backupDeps(appContextOf(t)), pgTools: null, tables: true }, "manual");
    expect(run).toMatchObject({ ok: true, trigger: "manual", photos: 1 });
    const target = await emptyInstallation();
    try {
      await restoreInstallation({ config: target.config, file: join(backupDir(), run.archive!) });
      const database = await target.open();
      const { restored, cookie } = await signedInOn(database, target.config.dataDir, target.url, owner.email);
      try {
        expect(await exportOf(restored.app, cookie)).toEqual(before);
        // The dashboard's counts are rebuilt as the rows are written.
        const counts = (
          await restored.app.inject({ method: "GET", url: "/api/dashboard/stats", headers: { cookie } })
        ).json();
        expect(counts).toEqual((await owner.get("/api/dashboard/stats")).json());
      } finally {
        await restored.close();
        await database.close();
      }
    } finally {
      await target.drop();
    }
  });

  it("reports an archive damaged on its way to BACKUP_DIR, and does not keep it", async () => {
    const folder = backupStore(loadConfig({ DATA_DIR: t.dataDir }).backup.target);
    const archivesBefore = archivesIn(backupDir());
    const lastGood = (await owner.get("/api/backups")).json().lastGood;
    // A disk that flips a byte of what it keeps.
    const damaging: BackupStore = {
      ...folder,
      async keep(file, name) {
        const bytes = readFileSync(file);
        bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
        writeFileSync(file, bytes);
        await folder.keep(file, name);
      },
    };
    t.clock.advance(60_000);
    // (The app's own dump: quicker to check than the embedded database's copy, and the same here.)
    const run = await makeBackup({ ...backupDeps(appContextOf(t)), store: damaging, tables: true }, "manual");
    expect(run.ok).toBe(false);
    expect(run.message).toMatch(/is not the one written and checked/);
    expect(archivesIn(backupDir())).toEqual(archivesBefore);
    expect(readdirSync(backupDir()).filter((name) => name.endsWith(".partial"))).toEqual([]);
    const status = (await owner.get("/api/backups")).json();
    expect(status.last).toMatchObject({
      ok: false,
      trigger: "manual",
      sizeBytes: null,
      message: run.message,
    });
    expect(status.lastGood).toEqual(lastGood);
  });

  it("refuses to restore an archive with a damaged part, and writes nothing", async () => {
    const [archive] = archivesIn(backupDir());
    const damaged = join(mkdtempSync(join(tmpdir(), "mct-damaged-")), archive!);
    const bytes = readFileSync(join(backupDir(), archive!));
    // A byte of the photo (stored as it is, after its name in the ZIP): the ZIP still opens, the checksum tells.
    const photoAt = bytes.indexOf(Buffer.from(`objects/${owner.familyId}/`));
    expect(photoAt).toBeGreaterThan(0);
    bytes[photoAt + 250]! ^= 0x01;
    writeFileSync(damaged, bytes);
    const target = await emptyInstallation();
    try {
      const refused = restoreInstallation({ config: target.config, file: damaged });
      await expect(refused).rejects.toBeInstanceOf(BackupError);
      await expect(refused).rejects.toThrow(/is damaged: objects\/.* is not what was written/);
      expect(readdirSync(target.config.dataDir).filter((name) => name !== "session-secret")).toEqual([]);
    } finally {
      await target.drop();
    }
  });

  it("keeps 7 daily, 4 weekly and 12 monthly backups as the nights go by", async () => {
    // A year of nights behind, as if made before (the names are what the policy reads).
    const zone = loadConfig({ DATA_DIR: t.dataDir }).backup.timeZone;
    const scheduled = (await t.scheduler.scheduled(BACKUP_QUEUE, NIGHTLY))!.runAt;
    const made = archivesIn(backupDir());
    for (let night = 2; night <= 400; night++) {
      const name = archiveName(new Date(scheduled.getTime() - night * DAY));
      writeFileSync(join(backupDir(), name), "");
      made.push(name);
    }
    writeFileSync(join(backupDir(), "notes.txt"), "the operator's own file");
    t.clock.advance(scheduled.getTime() - t.clock.now().getTime());
    await t.scheduler.runDue();
    owner = await signIn(t, owner);

    const tonight = archiveName(scheduled);
    const kept = archivesIn(backupDir());
    expect(kept).toContain(tonight);
    const expected = archivesToKeep(
      [...made, tonight].map((name) => ({ name, createdAt: archiveDate(name)! })),
      { daily: 7, weekly: 4, monthly: 12 },
      zone,
    );
    expect(kept).toEqual([...expected].sort());
    expect(kept.length).toBeGreaterThanOrEqual(7 + 12);
    expect(kept.length).toBeLessThanOrEqual(7 + 4 + 12);
    // One of each of the last 7 days (the newest of a day with several), and nothing older than 13 months.
    const days = new Set(kept.map((name) => todayIn(zone, archiveDate(name)!)));
    for (let night = 0; night < 7; night++) {
      expect(days).toContain(todayIn(zone, new Date(scheduled.getTime() - night * DAY)));
    }
    const oldest = Math.min(...kept.map((name) => archiveDate(name)!.getTime()));
    expect(scheduled.getTime() - oldest).toBeLessThan(13 * 31 * DAY);
    expect(readdirSync(backupDir())).toContain("notes.txt");
  });

  it("keeps an archive under an S3 prefix", async () => {
    const s3 = await startS3Server("care-backups");
    try {
      const config = loadConfig({
        DATA_DIR: t.dataDir,
        ...s3.env,
        S3_BUCKET: "",
        BACKUP_DIR: "s3://care-backups/nightly",
      });
      expect(config.s3).toBeUndefined();
      const store = backupStore(config.backup.target);
      expect(store.where).toBe("s3://care-backups/nightly/");
      const run = await makeBackup({ ...backupDeps(appContextOf(t)), config, store, tables: true }, "manual");
      expect(run).toMatchObject({ ok: true, photos: 1 });
      expect(await store.list()).toEqual([run.archive]);
    } finally {
      await s3.close();
    }
  });
});

describe.runIf(postgresUrl)("moving from the embedded database to PostgreSQL", { timeout: 240_000 }, () => {
  it("restores the embedded database's backup into an empty PostgreSQL database", async () => {
    const embedded = await buildTestApp({}, undefined, { database: "embedded" });
    const target = await emptyInstallation();
    try {
      const owner = await signUp(embedded.app);
      await seedEveryRecordType(embedded, owner);
      const before = await exportOf(embedded.app, owner.cookie);
      const run = await makeBackup(backupDeps(appContextOf(embedded)), "manual");
      expect(run.ok).toBe(true);
      await restoreInstallation({
        config: target.config,
        file: join(embedded.dataDir, "backups", run.archive!),
      });
      const database = await target.open();
      const { restored, cookie } = await signedInOn(database, target.config.dataDir, target.url, owner.email);
      try {
        expect(await exportOf(restored.app, cookie)).toEqual(before);
      } finally {
        await restored.close();
        await database.close();
      }
    } finally {
      await target.drop();
      await embedded.close();
    }
  });
});

describe("owners when backups fail", { timeout: 120_000 }, () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    const notAFolder = join(mkdtempSync(join(tmpdir(), "mct-backup-")), "backups");
    writeFileSync(notAFolder, "a file where the backups' folder should be");
    t = await buildTestApp({ BACKUP_SCHEDULE: "03:30", BACKUP_DIR: notAFolder }, undefined, {
      database: "fresh",
    });
    owner = await signUp(t.app);
  });
  afterAll(() => t.close());

  const inbox = async () =>
    ((await owner.get("/api/notifications")).json() as { title: string; body: string }[]).filter(
      (n) => n.title === "Backups are failing",
    );
  const nextNightRuns = async () => {
    const { runAt } = (await t.scheduler.scheduled(BACKUP_QUEUE, NIGHTLY))!;
    t.clock.advance(runAt.getTime() - t.clock.now().getTime());
    await t.scheduler.runDue();
    owner = await signIn(t, owner);
  };

  it("see the failure in Settings, and are told after the second night without a backup", async () => {
    await nextNightRuns();
    const status = (await owner.get("/api/backups")).json();
    expect(status.last).toMatchObject({ ok: false, trigger: "nightly" });
    expect(status.last.message).toMatch(/EEXIST|ENOTDIR|not a directory|file already exists/);
    expect(status.lastGood).toBeNull();
    expect(await inbox()).toEqual([]);

    await nextNightRuns();
    const told = await inbox();
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toMatch(
      /^No backup of this app's data was made on the last 2 nights\. None has been made yet\./,
    );

    // Once for a run of failures.
    await nextNightRuns();
    expect(await inbox()).toHaveLength(1);
  });
});

/**
 * Every part of an archive, each opened as far as it goes: a gzip part decompressed, a tar part
 * (the embedded database's data directory) read file by file, pg_dump's archive (whose table data
 * is compressed) turned back into SQL by pg_restore; a part inside another is named by both,
 * `database/pgdata.tar/base/5/2613`.
 */
async function unpacked(file: string): Promise<{ name: string; bytes: Buffer }[]> {
  const zip = await JSZip.loadAsync(readFileSync(file));
  const parts: { name: string; bytes: Buffer }[] = [];
  const open = (name: string, bytes: Buffer) => {
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      open(`${name}(gunzipped)`, gunzipSync(bytes));
    } else if (bytes.subarray(0, 5).toString("latin1") === "PGDMP") {
      parts.push({ name, bytes });
      const work = mkdtempSync(join(tmpdir(), "mct-dump-"));
      try {
        writeFileSync(join(work, "dump"), bytes);
        const sqlText = execFileSync(findPgTools()!.pgRestore, ["--file=-", join(work, "dump")], {
          maxBuffer: 1024 * 1024 * 1024,
        });
        open(`${name}(pg_restore)`, sqlText);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    } else if (bytes.length >= 512 && bytes.subarray(257, 262).toString("latin1") === "ustar") {
      // A tar: a 512-byte header per file (its name, its size in octal), then its bytes, padded.
      for (let at = 0; at + 512 <= bytes.length; ) {
        const header = bytes.subarray(at, at + 512);
        if (header.every((byte) => byte === 0)) break;
        const inner = header.subarray(0, 100).toString("latin1").replace(/\0.*$/s, "");
        const prefix = header.subarray(345, 500).toString("latin1").replace(/\0.*$/s, "");
        const size = Number.parseInt(header.subarray(124, 136).toString("latin1").trim() || "0", 8);
        const path = `${prefix ? `${prefix}/` : ""}${inner}`.replace(/^\/+/, "");
        open(`${name}/${path}`, bytes.subarray(at + 512, at + 512 + size));
        at += 512 + Math.ceil(size / 512) * 512;
      }
    } else parts.push({ name, bytes });
  };
  for (const [name, entry] of Object.entries(zip.files)) {
    if (!entry.dir) open(name, await entry.async("nodebuffer"));
  }
  return parts;
}

/** The names of the parts (as `unpacked` opens them) that hold `text`. */
const partsHolding = (parts: { name: string; bytes: Buffer }[], text: string) =>
  parts.filter((part) => part.bytes.includes(Buffer.from(text))).map((part) => part.name);

/** A note whose title and words are found nowhere else. */
async function distinctNote(user: TestUser, label: string) {
  const title = `${label}-TITLE-${randomUUID()}`;
  const content = `${label}-TEXT-${randomUUID()}`;
  const response = await user.post("/api/notes", { title, content });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id as string, title, content };
}

describe(`a backup made right after deletions on ${postgresUrl ? "PostgreSQL" : "the embedded database kept on disk"}`, {
  timeout: 240_000,
}, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, undefined, { database: postgresUrl ? "fresh" : "on-disk" });
  }, 120_000);
  afterAll(() => t.close());

  it("holds none of what was deleted, though the erasure of the deleted rows has not run yet", async () => {
    const owner = await signUp(t.app);
    const kept = await distinctNote(owner, "ZEBRA-KEPT");
    const deleted = await distinctNote(owner, "ZEBRA-UNIQUE");
    expect((await owner.delete(`/api/notes/${deleted.id}`)).statusCode).toBe(204);
    // Another person deletes their account, and with it their family's notes and their address.
    const leaving = await signUp(t.app);
    const theirs = await distinctNote(leaving, "ZEBRA-UNIQUE-ACCOUNT");
    const gone = await leaving.delete("/api/account/user");
    expect(gone.statusCode, gone.body).toBe(200);
    if (!postgresUrl) {
      // The job that erases the deleted rows from the files waits (the test's clock does not move).
      expect(await t.scheduler.scheduled(ERASE_QUEUE, ERASE_KEY)).toBeDefined();
    }

    // The database as each kind dumps it (the embedded database's files, or pg_dump), then the
    // app's own dump of its tables.
    for (const tables of [false, true]) {
      const run = await makeBackup({ ...backupDeps(appContextOf(t)), tables }, "manual");
      expect(run.ok, run.message ?? "").toBe(true);
      const archive = join(t.dataDir, "backups", run.archive!);
      const opened = await openArchive(archive);
      opened.close();
      const { dump } = opened.manifest.database;
      expect(dump).toBe(
        tables ? "tables" : postgresUrl ? (findPgTools() ? "pg_dump" : "tables") : "pglite-data-dir",
      );
      // The search reaches the rows: the note kept is found where its kind of dump keeps it.
      const where = {
        "pglite-data-dir": "database/pgdata.tar/base/",
        pg_dump: "database/pg_dump.custom(pg_restore)",
        tables: "database/tables/notes.jsonl",
      }[dump];
      const parts = await unpacked(archive);
      const keptIn = partsHolding(parts, kept.content);
      expect(
        keptIn.some((name) => name.startsWith(where)),
        keptIn.join(", "),
      ).toBe(true);
      for (const text of [deleted.content, deleted.title, theirs.content, theirs.title, leaving.email]) {
        expect(partsHolding(parts, text), text).toEqual([]);
      }
    }
  });
});

/** What the app gives its modules, rebuilt for a test app (the backup's own deps). */
function appContextOf(t: TestApp) {
  return {
    db: t.database.db,
    config: loadConfig({ DATA_DIR: t.dataDir, ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}) }),
    storage: t.storage,
    clock: t.clock.now,
    log: { info: () => {}, warn: () => {}, error: () => {} },
  } as unknown as Parameters<typeof backupDeps>[0];
}
