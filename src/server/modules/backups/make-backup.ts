import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import { formatByteSize } from "../../../domain/storage";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { CommandAnswer } from "../../lib/command-socket";
import type { Clock } from "../../lib/session-store";
import { ObjectNotFoundError, type ObjectStorage } from "../../storage/object-storage";
import {
  ARCHIVE_FORMAT,
  ArchiveWriter,
  archiveDate,
  archiveName,
  BackupError,
  OBJECT_PREFIX,
  PHOTO_KEY,
} from "./backup-archive";
import { type BackupStore, backupStore } from "./backup-store";
import { type BackupRunRow, recordRun } from "./backups.queries";
import { writeDatabase } from "./database-dump";
import { findPgTools, type PgTools } from "./pg-tools";
import { archivesToKeep } from "./retention";
import { digest, verifyArchive } from "./verify-archive";

export interface BackupDeps {
  db: Db;
  config: Pick<Config, "backup">;
  /** The photos' storage, every object of which goes into the archive. */
  storage: ObjectStorage;
  clock: Clock;
  log: { info(message: string): void; warn(message: string): void; error(message: string): void };
  /** Where archives are kept: BACKUP_DIR's by default. */
  store?: BackupStore;
  /** pg_dump and pg_restore: found on the PATH by default; null dumps the app's tables. */
  pgTools?: PgTools | null;
  /** The app's own dump of its tables, whatever the database (tests it on the embedded one). */
  tables?: boolean;
}

/** One backup at a time in a process: one asked for on the server waits for the nightly one. */
let running: Promise<unknown> = Promise.resolve();

/**
 * Makes a backup of the whole installation: the database and every photo into one archive,
 * written to a work file, checked (verify-archive.ts), kept under its name in BACKUP_DIR, read
 * back from there and compared; then the archives the keep policy no longer keeps are removed.
 * A backup that fails at any step leaves no archive behind, and is recorded as failed with the
 * reason (`backup_runs`), as a good one is with its size; nothing is thrown.
 */
export function makeBackup(deps: BackupDeps, trigger: "nightly" | "manual"): Promise<BackupRunRow> {
  const run = running.then(() => backUp(deps, trigger));
  running = run.catch(() => {});
  return run;
}

async function backUp(deps: BackupDeps, trigger: "nightly" | "manual"): Promise<BackupRunRow> {
  const { db, config, clock, log } = deps;
  const startedAt = clock();
  const store = deps.store ?? backupStore(config.backup.target, log.warn);
  const pgTools = deps.pgTools === undefined ? findPgTools() : deps.pgTools;
  let file: string | undefined;
  try {
    const existing = new Set(await store.list());
    let name = archiveName(startedAt);
    for (let i = 1; existing.has(name); i++) name = archiveName(startedAt, i);
    file = await store.workFile(name);

    const writer = new ArchiveWriter(file);
    try {
      const database = await writeDatabase({ db, pgTools, tables: deps.tables, log }, writer);
      let objects = 0;
      for (const { key } of await deps.storage.listEntries("")) {
        if (!PHOTO_KEY.test(key)) continue;
        let stream: Readable;
        try {
          stream = await deps.storage.read(key);
        } catch (error) {
          // Deleted since the listing.
          if (error instanceof ObjectNotFoundError) continue;
          throw error;
        }
        await writer.add(`${OBJECT_PREFIX}${key}`, stream, { store: true });
        objects += 1;
      }
      await writer.finish({
        format: ARCHIVE_FORMAT,
        version: 1,
        createdAt: startedAt.toISOString(),
        database,
        objects,
      });
    } catch (error) {
      await writer.abort();
      throw error;
    }

    const manifest = await verifyArchive(file, { pgTools });
    const written = await digest(createReadStream(file));
    await store.keep(file, name);
    file = undefined;
    const kept = await digest(await store.read(name));
    if (kept.sha256 !== written.sha256 || kept.size !== written.size) {
      await store.remove(name);
      throw new BackupError(
        `The archive kept in ${store.where} is not the one written and checked (its checksum differs), so it was removed`,
      );
    }
    const records = Object.values(manifest.database.counts).reduce((sum, n) => sum + n, 0);
    // Photos, not their thumbnails nor uploads waiting for their check (`<id>.thumb`, `<id>.upload`).
    const photos = manifest.parts.filter((part) => /^objects\/[^/]+\/[^.]+$/.test(part.name)).length;
    log.info(
      `Backup ${name} made in ${store.where}: ${formatByteSize(written.size)}, ${plural(records, "record")}, ${plural(photos, "photo")}, checked`,
    );
    await removeOldArchives(store, deps.config.backup, log);
    return await recordRun(db, {
      trigger,
      startedAt,
      finishedAt: clock(),
      ok: true,
      archive: name,
      sizeBytes: written.size,
      records,
      photos,
    });
  } catch (error) {
    if (file) await rm(file, { force: true }).catch(() => {});
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    log.error(`Backup failed: ${message}`);
    return recordRun(db, { trigger, startedAt, finishedAt: clock(), ok: false, message });
  }
}

/**
 * A backup made now, on demand (`npm run backup`), in the words the command prints: where the
 * archive is, or why there is none.
 */
export async function backupNow(deps: BackupDeps): Promise<CommandAnswer> {
  const store = deps.store ?? backupStore(deps.config.backup.target, deps.log.warn);
  const run = await makeBackup({ ...deps, store }, "manual");
  if (!run.ok) return { ok: false, lines: [`The backup failed: ${run.message}`] };
  const where = store.where.endsWith("/") ? store.where : `${store.where}/`;
  return {
    ok: true,
    lines: [
      `Backup made: ${where}${run.archive}`,
      `${formatByteSize(run.sizeBytes ?? 0)}, ${plural(run.records, "record")}, ${plural(run.photos, "photo")}; opened again and checked.`,
    ],
  };
}

const plural = (n: number | null, word: string) => `${n ?? 0} ${n === 1 ? word : `${word}s`}`;

/** Removes the archives the keep policy (BACKUP_KEEP_*) no longer keeps. */
async function removeOldArchives(
  store: BackupStore,
  settings: Pick<Config["backup"], "keep" | "timeZone">,
  log: BackupDeps["log"],
): Promise<void> {
  const archives = (await store.list()).flatMap((name) => {
    const createdAt = archiveDate(name);
    return createdAt ? [{ name, createdAt }] : [];
  });
  const keep = archivesToKeep(archives, settings.keep, settings.timeZone);
  const old = archives.filter((archive) => !keep.has(archive.name));
  for (const archive of old) await store.remove(archive.name);
  if (old.length > 0) log.info(`Removed ${old.length} older backups (${keep.size} kept)`);
}
