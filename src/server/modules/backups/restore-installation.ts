import { existsSync, readdirSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Config } from "../../config";
import {
  createPglite,
  type Database,
  fromPglite,
  openPglite,
  openPostgres,
  prepareDataDir,
} from "../../db/client";
import { lockDataDir } from "../../db/data-dir-lock";
import { migrate, migrationsFolder } from "../../db/migrate";
import { createStorage } from "../../storage/create-storage";
import {
  BackupError,
  DATA_DIR_PART,
  type Manifest,
  OBJECT_PREFIX,
  type OpenArchive,
  openArchive,
  PG_DUMP_PART,
  PHOTO_KEY,
  tablePart,
} from "./backup-archive";
import { countRows, inTransaction, quoted, tableLines } from "./database-dump";
import { connectionOf, findPgTools, type PgTools, runTool } from "./pg-tools";
import { partBytes, readPart, verifyArchive } from "./verify-archive";

export interface RestoreOptions {
  config: Pick<Config, "dataDir" | "databaseUrl" | "s3">;
  /** The archive, a local file. */
  file: string;
  /** Restore into a database (or data directory) that holds data, setting what it held aside or dropping it. */
  replace?: boolean;
  /** pg_dump and pg_restore: found on the PATH by default. */
  pgTools?: PgTools | null;
  /** Says what it does, a line at a time. */
  say?: (line: string) => void;
}

/** The schemas the app keeps in PostgreSQL: its tables, its migrations' journal, the job queue. */
const APP_SCHEMAS = ["public", "drizzle", "pgboss"];

/**
 * Restores a backup of the whole installation into the configured database (the embedded one in
 * DATA_DIR, or PostgreSQL at DATABASE_URL) and photo storage, which must hold nothing yet: a
 * restore never mixes two installations. With `replace`, what they held is set aside first
 * (DATA_DIR/before-restore-<time>/ on the embedded database and the local disk) or dropped
 * (PostgreSQL's schemas). The archive is checked whole before anything is written, and the
 * restored database must hold the rows the manifest counted. Then the database is migrated to
 * this version of the app. The server must be stopped.
 */
export async function restoreInstallation(options: RestoreOptions): Promise<Manifest> {
  const { config, file, replace = false } = options;
  const say = options.say ?? (() => {});
  const pgTools = options.pgTools === undefined ? findPgTools() : options.pgTools;
  if (!existsSync(file)) throw new BackupError(`There is no file ${file}`);
  // What it writes there (photos, what it sets aside) is the server's user's only, as the server's.
  prepareDataDir(config.dataDir, say);
  const archive = await openArchive(file);
  try {
    const { manifest } = archive;
    const { database } = manifest;
    const known = await migrationsKnown();
    if (database.migrations > known) {
      throw new BackupError(
        `This backup was made by a newer version of the app (its database had ${database.migrations} migrations, this version knows ${known}): restore it with that version or a newer one`,
      );
    }
    if (database.dump === "pg_dump" && !config.databaseUrl) {
      throw new BackupError(
        "This backup was made from PostgreSQL with pg_dump: restore it into PostgreSQL (set DATABASE_URL)",
      );
    }
    if (database.dump === "pg_dump" && !pgTools) {
      throw new BackupError(
        "This backup was made with pg_dump: pg_restore (postgresql-client) is needed to restore it",
      );
    }
    const storage = createStorage(config);
    const photosHeld = (await storage.list("")).some((key) => PHOTO_KEY.test(key));
    const into: Into = {
      replace,
      say,
      pgTools,
      dataDir: config.dataDir,
      setAside: join(config.dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`),
      photosHeld,
      localPhotos: !config.s3,
      check: async () => {
        say(`Checking ${file}...`);
        await verifyArchive(file, { pgTools });
        say(
          `The backup is whole: made ${manifest.createdAt} from ${database.kind === "pglite" ? "the embedded database" : "PostgreSQL"}, ${total(database.counts)} records, ${manifest.objects} stored files`,
        );
      },
    };
    if (photosHeld && !replace) {
      throw new BackupError(
        `The photo storage (${config.s3 ? `the S3 bucket ${config.s3.bucket}` : join(config.dataDir, "objects")}) already holds photos: restore into an empty one, or add --replace`,
      );
    }
    if (config.databaseUrl) await restoreIntoPostgres(config.databaseUrl, archive, into);
    else {
      const release = lockDataDir(config.dataDir);
      try {
        await restoreIntoDataDir(config.dataDir, archive, into);
      } finally {
        release();
      }
    }
    for (const part of manifest.parts.filter((p) => p.name.startsWith(OBJECT_PREFIX))) {
      await storage.put(part.name.slice(OBJECT_PREFIX.length), await readPart(archive, part.name), {
        contentLength: part.size,
      });
    }
    say(
      `Restored ${total(database.counts)} records and ${manifest.objects} stored files (photos) from ${file}`,
    );
    return manifest;
  } finally {
    archive.close();
  }
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);

interface Into {
  replace: boolean;
  say: (line: string) => void;
  pgTools: PgTools | null;
  dataDir: string;
  /** Where what the data directory held goes (the embedded database, photos on the local disk). */
  setAside: string;
  photosHeld: boolean;
  localPhotos: boolean;
  /** Checks the archive whole: once the target is known to take it, before anything is changed. */
  check(): Promise<void>;
}

const holdsData = (what: string) =>
  new BackupError(
    `${what} already holds data: restore into an empty one, or add --replace to set aside (PostgreSQL: drop) what it holds first`,
  );

/** Sets the local photo folder aside, when it held photos and the restore replaces them. */
async function setPhotosAside(into: Into) {
  if (!into.photosHeld || !into.localPhotos) return;
  await mkdir(into.setAside, { recursive: true });
  await rename(join(into.dataDir, "objects"), join(into.setAside, "objects"));
  into.say(`The photos that were there are set aside in ${into.setAside}`);
}

async function restoreIntoDataDir(dataDir: string, archive: OpenArchive, into: Into): Promise<void> {
  const { database } = archive.manifest;
  const dbDir = join(dataDir, "db");
  const held = existsSync(dbDir) && readdirSync(dbDir).length > 0;
  if (held && !into.replace) throw holdsData(`The data directory ${dataDir}`);
  await into.check();
  if (held) {
    await mkdir(into.setAside, { recursive: true });
    await rename(dbDir, join(into.setAside, "db"));
    into.say(`The database that was there is set aside in ${into.setAside}`);
  }
  await setPhotosAside(into);
  if (database.dump === "pglite-data-dir") {
    into.say("Restoring the embedded database...");
    await mkdir(dbDir, { recursive: true, mode: 0o700 });
    const loaded = await createPglite(dbDir, {
      loadDataDir: new Blob([new Uint8Array(await partBytes(archive, DATA_DIR_PART))]),
    });
    await loaded.close();
  }
  // Opened as the server opens it (which makes its files the server's user's only).
  const opened = await openPglite(dataDir);
  try {
    if (database.dump === "tables") {
      await restoreRows(opened, archive.manifest, (table) => partLines(archive, table), into);
    }
    await checkCounts(opened, archive.manifest);
    await migrate(opened);
  } finally {
    await opened.close();
  }
}

async function restoreIntoPostgres(url: string, archive: OpenArchive, into: Into): Promise<void> {
  const { database } = archive.manifest;
  const target = openPostgres(url);
  try {
    const [row] = await inTransaction(target.db, "write", (s) =>
      s.rows<{ n: number }>(
        `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
        [APP_SCHEMAS],
      ),
    );
    const held = (row?.n ?? 0) > 0;
    if (held && !into.replace) throw holdsData("The PostgreSQL database");
    await into.check();
    if (held) {
      await inTransaction(target.db, "write", async (s) => {
        for (const schema of APP_SCHEMAS) await s.rows(`drop schema if exists ${quoted(schema)} cascade`);
        await s.rows("create schema public");
      });
      into.say("Dropped what the database held");
    }
    await setPhotosAside(into);
    if (database.dump === "pg_dump") {
      into.say("Restoring PostgreSQL with pg_restore...");
      const { dbname, env } = connectionOf(url);
      const run = runTool(
        into.pgTools!.pgRestore,
        ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${dbname}`],
        env,
      );
      const dump = await readPart(archive, PG_DUMP_PART);
      dump.once("error", (error) => run.child.stdin!.destroy(error));
      dump.pipe(run.child.stdin!);
      await run.done;
    } else if (database.dump === "tables") {
      await restoreRows(target, archive.manifest, (table) => partLines(archive, table), into);
    } else {
      // The embedded database's copy, read in memory and written into PostgreSQL table by table.
      into.say("Reading the embedded database's copy...");
      const source = fromPglite(
        await createPglite(undefined, {
          loadDataDir: new Blob([new Uint8Array(await partBytes(archive, DATA_DIR_PART))]),
        }),
      );
      try {
        await inTransaction(source.db, "snapshot", (session) =>
          restoreRows(target, archive.manifest, (table) => tableLines(session, table), into),
        );
      } finally {
        await source.close();
      }
    }
    await checkCounts(target, archive.manifest);
    await migrate(target);
  } finally {
    await target.close();
  }
}

/** A table's rows in the app's own dump, a line each. */
async function* partLines(archive: OpenArchive, table: string): AsyncGenerator<string> {
  const lines = createInterface({
    input: await readPart(archive, tablePart(table)),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) if (line) yield `${line}\n`;
}

/** Rows written at a time, and the most text in one statement. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 4 * 1024 * 1024;

/**
 * Writes the rows of the app's own dump (or of a copy read table by table): the database is first
 * migrated as far as the one the rows came from, so that every table has the columns they have;
 * then every table is written in the manifest's order (a table after those it refers to), in one
 * transaction, each batch of rows typed by PostgreSQL itself (`json_populate_recordset`). The
 * migrations after that one run once the rows are in.
 */
async function restoreRows(
  target: Database,
  manifest: Manifest,
  linesOf: (table: string) => AsyncIterable<string>,
  into: Pick<Into, "say">,
): Promise<void> {
  const folder = await migrationsUpTo(manifest.database.migrations);
  try {
    await migrate(target, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  into.say("Writing the records...");
  await inTransaction(target.db, "write", async (session) => {
    for (const table of Object.keys(manifest.database.counts)) {
      const columns = (
        await session.rows<{ name: string }>(
          `select attname as name from pg_attribute
           where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
           order by attnum`,
          [quoted(table)],
        )
      )
        .map((column) => quoted(column.name))
        .join(", ");
      const insert = `insert into ${quoted(table)} (${columns}) select ${columns} from json_populate_recordset(null::${quoted(table)}, $1::json)`;
      let batch: string[] = [];
      let chars = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        await session.rows(insert, [`[${batch.join(",")}]`]);
        batch = [];
        chars = 0;
      };
      for await (const chunk of linesOf(table)) {
        for (const line of chunk.split("\n")) {
          if (!line) continue;
          batch.push(line);
          chars += line.length;
          if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
        }
      }
      await flush();
    }
  });
}

/** The restored database holds the rows the manifest counted, table by table. */
async function checkCounts(target: Database, manifest: Manifest): Promise<void> {
  const expected = manifest.database.counts;
  const found = await inTransaction(target.db, "snapshot", (session) =>
    countRows(session, Object.keys(expected)),
  );
  for (const [table, n] of Object.entries(expected)) {
    if (found[table] !== n) {
      throw new BackupError(
        `The restored database holds ${found[table]} rows of ${table} where the backup had ${n}`,
      );
    }
  }
}

interface Journal {
  entries: { tag: string }[];
}

async function readJournal(): Promise<Journal> {
  return JSON.parse(await readFile(join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as Journal;
}

async function migrationsKnown(): Promise<number> {
  return (await readJournal()).entries.length;
}

/** A copy of the migrations folder with only its first `count` migrations. */
async function migrationsUpTo(count: number): Promise<string> {
  const journal = await readJournal();
  const folder = await mkdtemp(join(tmpdir(), "mct-migrations-"));
  await mkdir(join(folder, "meta"));
  const entries = journal.entries.slice(0, count);
  await writeFile(join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries)
    await copyFile(join(migrationsFolder(), `${tag}.sql`), join(folder, `${tag}.sql`));
  return folder;
}
