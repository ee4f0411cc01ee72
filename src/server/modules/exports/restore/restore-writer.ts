import { createReadStream } from "node:fs";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { setImmediate } from "node:timers/promises";
import { and, eq, getTableColumns, inArray, lt, sql } from "drizzle-orm";
import type { ImportReport } from "../../../../domain/exports";
import type { Db } from "../../../db/client";
import { recordIds, restoreJobs, storedObjects } from "../../../db/schema/index";
import { writeAudit } from "../../../lib/audit";
import type { OwnedTable } from "../../../lib/owned-records";
import { noteRecordIds } from "../../../lib/record-ids";
import type { FamilyScope } from "../../../lib/transaction";
import type { ObjectStorage } from "../../../storage/object-storage";
import { deleteObjectFiles, objectKeys } from "../../objects/objects.queries";
import { CARE_RECORD_TABLES, RECORD_TYPES } from "../../record-types";
import { applySettings, type RestoredSettings } from "../family-backup";
import type { CheckedBackup } from "./restore-check";
import { readyPhoto, readyRecords, readySettings } from "./restore-check";
import { restoredId } from "./restore-ids";
import type { RestoreJob } from "./restore-jobs";
import { PHOTO_SECTIONS, RESTORE_SECTIONS, type SectionName } from "./restore-sections";

export interface RestoreDeps {
  db: Db;
  storage: ObjectStorage;
  now?: () => Date;
}

/**
 * Records per step of a restore. Each step is one transaction: on the embedded database a
 * transaction holds the only connection, so a step must be short for everybody else's queries
 * to get their turn between steps (a few milliseconds for 250 rows).
 */
export const RECORDS_PER_STEP = 250;
/** Photos per step: each is two file writes before the step's transaction. */
const PHOTOS_PER_STEP = 5;
/** A restore whose journal has not moved for this long has lost its process, and is undone. */
export const ABANDONED_AFTER_MS = 2 * 60 * 1000;

/**
 * The columns of a table that hold an instant (a record's creation, a dose's time given), by key:
 * a checked row holds them as ISO text, and the database driver takes a Date.
 */
function instantKeys(table: OwnedTable): string[] {
  return Object.entries(getTableColumns(table))
    .filter(([, column]) => column.columnType === "PgTimestamp")
    .map(([key]) => key);
}

/** A checked row as the table's insert takes it: its instants as Dates, in the restoring family. */
function insertable(row: Record<string, unknown>, instants: readonly string[], familyId: string) {
  const values: Record<string, unknown> = { ...row, familyId };
  for (const key of instants) {
    if (typeof values[key] === "string") values[key] = new Date(values[key] as string);
  }
  return values;
}

/** Thrown when a restore's journal says it is no longer this process's to write. */
class RestoreTakenOver extends Error {}

/**
 * Opens a restore's journal, ready to write; null when another restore of the owner is running
 * (the database allows one at a time, however many requests arrive together).
 */
export async function startRestore(
  db: Db,
  scope: FamilyScope,
  id: string,
  checked: CheckedBackup,
  now: Date,
): Promise<RestoreJob | null> {
  const total = Object.values(checked.totals).reduce((sum, n) => sum + n, 0);
  const [job] = await db
    .insert(restoreJobs)
    .values({
      id,
      familyId: scope.familyId,
      actorId: scope.actorId,
      state: "writing",
      totals: checked.totals,
      total,
      report: { skipped: checked.skipped, alreadyHere: checked.alreadyHere },
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return job ?? null;
}

/** Reads a file of JSON lines (a section's checked rows) in batches of `size`. */
async function* batches(file: string, size: number): AsyncGenerator<Record<string, unknown>[]> {
  let batch: Record<string, unknown>[] = [];
  let lines: AsyncIterable<string>;
  try {
    lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) {
      if (!line) continue;
      batch.push(JSON.parse(line) as Record<string, unknown>);
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (batch.length) yield batch;
}

/** Moves the journal forward in the step's transaction; a journal that is no longer this process's stops it. */
async function advance(
  tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
  job: RestoreJob,
  section: SectionName,
  written: number,
  step: number,
  now: Date,
) {
  const moved = await tx
    .update(restoreJobs)
    .set({
      written: sql`jsonb_set(${restoreJobs.written}, ${`{${section}}`}::text[], to_jsonb(${written}::int))`,
      processed: sql`${restoreJobs.processed} + ${step}`,
      updatedAt: now,
    })
    .where(and(eq(restoreJobs.id, job.id), eq(restoreJobs.state, "writing")))
    .returning({ id: restoreJobs.id });
  if (moved.length !== 1) throw new RestoreTakenOver();
}

/**
 * Writes a checked backup (from `dir`) into the owner's records, a step at a time, each step's
 * records and the journal's counts in one transaction, giving the event loop back between steps.
 * The last step writes the audit entry and marks the restore done. Throws when a step fails; the
 * caller undoes what was written (`undoRestore`).
 */
export async function writeRestore(deps: RestoreDeps, job: RestoreJob, dir: string): Promise<ImportReport> {
  const now = deps.now ?? (() => new Date());
  const familyId = job.familyId;
  for (const section of RESTORE_SECTIONS) {
    const table = CARE_RECORD_TABLES[section.name];
    const instants = instantKeys(table);
    const isPhotos = section.rules.photo === true;
    let written = 0;
    for await (const rows of batches(
      readyRecords(dir, section.name),
      isPhotos ? PHOTOS_PER_STEP : RECORDS_PER_STEP,
    )) {
      const objects: (typeof storedObjects.$inferInsert)[] = [];
      if (isPhotos) {
        for (const [offset] of rows.entries()) {
          const index = written + offset;
          const id = restoredId(job.id, "objects", index);
          const storageKey = `${familyId}/${id}`;
          const full = await readFile(readyPhoto(dir, index, "full"));
          await deps.storage.put(objectKeys(storageKey).full, full, { contentType: "image/jpeg" });
          await deps.storage.put(
            objectKeys(storageKey).thumbnail,
            await readFile(readyPhoto(dir, index, "thumbnail")),
            {
              contentType: "image/jpeg",
            },
          );
          const at = now();
          objects.push({
            id,
            familyId: familyId,
            objectPath: `/objects/uploads/${id}`,
            storageKey,
            contentType: "image/jpeg",
            sizeBytes: full.length,
            uploadedAt: at,
            finalizedAt: at,
            attachedAt: at,
          });
        }
      }
      const values = rows.map((row) => insertable(row, instants, familyId));
      await deps.db.transaction(async (tx) => {
        if (objects.length) await tx.insert(storedObjects).values(objects);
        await tx.insert(table).values(values as never);
        await noteRecordIds(
          tx,
          familyId,
          RECORD_TYPES[section.name].entity,
          rows.map((row) => row.id as string),
        );
        await advance(tx, job, section.name, written + rows.length, rows.length, now());
      });
      written += rows.length;
      await setImmediate();
    }
  }
  const imported = Object.fromEntries(RESTORE_SECTIONS.map((s) => [s.name, job.totals[s.name] ?? 0]));
  const started = (job.report ?? {}) as { skipped?: string[]; alreadyHere?: number };
  const alreadyHere = started.alreadyHere ?? 0;
  const report: ImportReport = {
    message:
      `Imported ${job.total} record${job.total === 1 ? "" : "s"}` +
      (alreadyHere ? `; ${alreadyHere} ${alreadyHere === 1 ? "was" : "were"} here already.` : "."),
    imported,
    skipped: started.skipped ?? [],
    alreadyHere,
  };
  const settings = await readFile(readySettings(dir), "utf8").then(
    (text) => JSON.parse(text) as NonNullable<RestoredSettings>,
    () => null,
  );
  await deps.db.transaction(async (tx) => {
    const done = await tx
      .update(restoreJobs)
      .set({ state: "done", report, updatedAt: now() })
      .where(and(eq(restoreJobs.id, job.id), eq(restoreJobs.state, "writing")))
      .returning({ id: restoreJobs.id });
    if (done.length !== 1) throw new RestoreTakenOver();
    // The family's settings from the file, with the last records: all of it, or (undone) none.
    if (settings) await applySettings(tx, familyId, settings);
    await writeAudit(tx, {
      familyId,
      actorId: job.actorId ?? familyId,
      action: "create",
      entity: "account_import",
      entityId: familyId,
      summary: `${job.total} records from an export`,
    });
  });
  return report;
}

/** Records removed per step of an undo. */
const UNDO_STEP = 500;

/**
 * Removes what a restore wrote, from its journal: for each section (in an order that never breaks
 * a link), the ids its counts say exist, a step at a time, each step lowering the count in the
 * same transaction, so an undo that stops half-way can be finished by any process. Photo files
 * of the restore are removed too (also those written before a step that never committed). Ends
 * with the restore marked failed, saying `message`.
 */
export async function undoRestore(deps: RestoreDeps, jobId: string, message: string): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const [job] = await deps.db.select().from(restoreJobs).where(eq(restoreJobs.id, jobId));
  if (!job) return;
  for (const name of Object.keys(CARE_RECORD_TABLES) as SectionName[]) {
    const table = CARE_RECORD_TABLES[name];
    let written = job.written[name] ?? 0;
    while (written > 0) {
      const from = Math.max(0, written - UNDO_STEP);
      const indexes = Array.from({ length: written - from }, (_, i) => from + i);
      const ids = indexes.map((i) => restoredId(job.id, name, i));
      await deps.db.transaction(async (tx) => {
        await tx.delete(table).where(and(inArray(table.id, ids), eq(table.familyId, job.familyId)));
        await tx
          .delete(recordIds)
          .where(and(inArray(recordIds.id, ids), eq(recordIds.familyId, job.familyId)));
        if (PHOTO_SECTIONS.includes(name)) {
          const objectIds = indexes.map((i) => restoredId(job.id, "objects", i));
          await tx.delete(storedObjects).where(inArray(storedObjects.id, objectIds));
        }
        await tx
          .update(restoreJobs)
          .set({
            written: sql`jsonb_set(${restoreJobs.written}, ${`{${name}}`}::text[], to_jsonb(${from}::int))`,
            updatedAt: now(),
          })
          .where(eq(restoreJobs.id, job.id));
      });
      written = from;
      await setImmediate();
    }
  }
  const photos = PHOTO_SECTIONS.reduce((sum, name) => sum + (job.totals[name] ?? 0), 0);
  for (let index = 0; index < photos; index += 1) {
    await deleteObjectFiles(deps.storage, `${job.familyId}/${restoredId(job.id, "objects", index)}`);
  }
  await deps.db
    .update(restoreJobs)
    .set({ state: "failed", message, processed: 0, updatedAt: now() })
    .where(eq(restoreJobs.id, job.id));
}

/** What a person reads when a restore could not be finished. */
export const INTERRUPTED =
  "The restore stopped before it finished, and nothing of it was kept. Please restore the file again.";

/**
 * Undoes every restore whose journal has stood still for `ABANDONED_AFTER_MS` (its process stopped
 * or lost the database): each is claimed first (its journal moved to "undoing" only if it is as it
 * was read), so two processes never undo the same restore at once.
 */
export async function undoAbandonedRestores(deps: RestoreDeps): Promise<number> {
  const now = (deps.now ?? (() => new Date()))();
  const stale = await deps.db
    .select()
    .from(restoreJobs)
    .where(
      and(
        inArray(restoreJobs.state, ["writing", "undoing"]),
        lt(restoreJobs.updatedAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
      ),
    );
  let undone = 0;
  for (const job of stale) {
    const claimed = await deps.db
      .update(restoreJobs)
      .set({ state: "undoing", updatedAt: now })
      .where(and(eq(restoreJobs.id, job.id), eq(restoreJobs.updatedAt, job.updatedAt)))
      .returning({ id: restoreJobs.id });
    if (claimed.length !== 1) continue;
    await undoRestore(deps, job.id, INTERRUPTED);
    undone += 1;
  }
  return undone;
}

/**
 * Writes a checked restore and, whatever happens, leaves it either done or undone: a failed step
 * undoes the steps before it. Removes the checked files afterwards.
 */
export async function runRestore(
  deps: RestoreDeps,
  job: RestoreJob,
  dir: string,
  log: (error: unknown) => void,
): Promise<RestoreJob> {
  try {
    await writeRestore(deps, job, dir);
  } catch (error) {
    if (!(error instanceof RestoreTakenOver)) {
      log(error);
      try {
        await deps.db
          .update(restoreJobs)
          .set({ state: "undoing", updatedAt: (deps.now ?? (() => new Date()))() })
          .where(and(eq(restoreJobs.id, job.id), eq(restoreJobs.state, "writing")));
        await undoRestore(deps, job.id, INTERRUPTED);
      } catch (undoError) {
        // The journal stays as it is; the sweep of abandoned restores finishes the undo.
        log(undoError);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const [after] = await deps.db.select().from(restoreJobs).where(eq(restoreJobs.id, job.id));
  return after ?? job;
}

/** How often a process looks for restores whose process stopped (a recurring job, `housekeeping.ts`). */
export const ABANDONED_SWEEP_EVERY_MS = 60 * 1000;

/** A restore's files left behind longer than this (a process stopped while receiving one) are removed. */
export const LEFT_FILES_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the folders of `restoresDir` (DATA_DIR/restores) that no running restore uses and that
 * have not changed for a day: what a process that stopped while receiving or checking a file, or
 * before cleaning up, left behind. Answers how many it removed.
 */
export async function sweepRestoreFiles(deps: RestoreDeps, restoresDir: string): Promise<number> {
  const now = (deps.now ?? (() => new Date()))();
  let names: string[];
  try {
    names = await readdir(restoresDir);
  } catch {
    return 0;
  }
  const running = new Set(
    (
      await deps.db
        .select({ id: restoreJobs.id })
        .from(restoreJobs)
        .where(inArray(restoreJobs.state, ["writing", "undoing"]))
    ).map((job) => job.id),
  );
  let removed = 0;
  for (const name of names) {
    if (running.has(name)) continue;
    const path = join(restoresDir, name);
    const changed = (await stat(path).catch(() => null))?.mtimeMs;
    if (changed === undefined || now.getTime() - changed < LEFT_FILES_AFTER_MS) continue;
    await rm(path, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
