import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { importReportRecord, restoreRecord } from "../../../../domain/exports";
import { formatByteSize } from "../../../../domain/storage";
import type { ModuleRoutes } from "../../../app-context";
import type { Db } from "../../../db/client";
import { badRequest, conflict, HttpError, notFound } from "../../../lib/errors";
import { familyScope } from "../../../lib/owned-routes";
import { storageUsage } from "../../objects/objects.queries";
import { CARE_RECORD_TABLES } from "../../record-types";
import { restoreMembers } from "../family-backup";
import { backupKind, openZipBackup, unpackJsonExport } from "./backup-files";
import { checkBackup } from "./restore-check";
import { getRestore, listRestores, type RestoreJob, runningRestore } from "./restore-jobs";
import type { SectionName } from "./restore-sections";
import { INTERRUPTED, runRestore, startRestore } from "./restore-writer";

/** The content types a restore reads: a backup (ZIP) or a JSON export, as browsers label them. */
const RESTORE_TYPES = [
  "application/zip",
  "application/x-zip-compressed",
  "application/json",
  "application/octet-stream",
];
const alreadyRunning = () =>
  conflict("A restore is already running for this account. Wait until it has finished, then try again.");

const tooLarge = (maxBytes: number) =>
  new HttpError(
    413,
    `This file is larger than the ${formatByteSize(maxBytes)} of storage this account has. Restore one child's backup at a time, or ask whoever runs this server for more space.`,
    { connection: "close" },
  );

/**
 * Stores the request's body in `file`, refusing it (413) once it grows past `maxBytes`: the
 * family's storage quota, since a backup holds no more photos than the family may keep, and its
 * records are small beside them. A body past the limit is read to its end without being kept, so
 * the client gets the answer rather than a dropped connection.
 */
async function receiveFile(body: Readable, file: string, maxBytes: number): Promise<number> {
  const out = createWriteStream(file, { mode: 0o600 });
  let received = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > maxBytes) continue;
      if (!out.write(chunk)) await once(out, "drain");
    }
  } catch {
    throw badRequest("The file did not arrive whole: the upload broke off. Please try again.");
  } finally {
    out.end();
    await finished(out).catch(() => {});
  }
  if (received > maxBytes) throw tooLarge(maxBytes);
  if (received === 0) throw badRequest("The file is empty. Choose a backup or export from Account Settings.");
  return received;
}

/** `?confirm=true`: restore into a family that holds records (asked first). */
const restoreQuery = z.object({ confirm: z.stringbool().optional() });

/** `GET /api/account/import/target`: whether a restore here would be asked about first. */
const restoreTargetRecord = z.object({ holdsRecords: z.boolean() });

/** Whether the family holds any record (what a restore would go next to). */
async function holdsRecords(db: Db, familyId: string): Promise<boolean> {
  for (const table of Object.values(CARE_RECORD_TABLES)) {
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.familyId, familyId)).limit(1);
    if (row) return true;
  }
  return false;
}

/** The ids of the family's records of a section: what a restore leaves as it is. */
async function recordIds(db: Db, familyId: string, section: SectionName): Promise<Set<string>> {
  const table = CARE_RECORD_TABLES[section];
  const rows = await db.select({ id: table.id }).from(table).where(eq(table.familyId, familyId));
  return new Set(rows.map((row) => row.id as string));
}

/** Reads a request's body to its end, keeping nothing: the answer then reaches the client. */
async function discard(body: Readable): Promise<void> {
  try {
    for await (const _chunk of body as AsyncIterable<Buffer>);
  } catch {
    // A body that broke off: nothing to read.
  }
}

/** Whether the client asked to be answered once the restore has started (RFC 7240), not when it ends. */
const respondAsync = (request: FastifyRequest) =>
  /(^|[,;\s])respond-async($|[,;\s])/i.test(String(request.headers.prefer ?? ""));

const restoreView = (job: RestoreJob) => ({
  id: job.id,
  state: job.state,
  total: job.total,
  processed: job.processed,
  message: job.message,
  report: job.state === "done" ? (job.report as z.infer<typeof importReportRecord>) : null,
  createdAt: job.createdAt,
  updatedAt: job.updatedAt,
});

/**
 * Restore (DESIGN section 7, beyond the spec): a backup (ZIP, photos included) or a JSON export
 * is received into a file, checked record by record before anything is written (a file with one
 * bad record is refused whole, 400, naming it), then written step by step. By default the answer
 * comes when the restore is done (200, its report); with `Prefer: respond-async` as soon as the
 * writing starts (202, and `GET /api/account/import/:id` tells how far it is).
 */
export const restoreRoutes: ModuleRoutes = (scope, { db, storage, config, accesses }) => {
  const quota = config.storageQuotaBytes;
  const deps = { db, storage };

  scope.register(async (restore) => {
    restore.removeAllContentTypeParsers();
    restore.addContentTypeParser(RESTORE_TYPES, (_request, payload, done) => done(null, payload));
    restore.withTypeProvider<ZodTypeProvider>().post(
      "/api/account/import",
      // A restore adds a whole history (new children among it): the family's owner decides.
      {
        config: { access: "manage" },
        schema: { querystring: restoreQuery, response: { 200: importReportRecord, 202: restoreRecord } },
      },
      async (request, reply) => {
        const owner = familyScope(request);
        if (await runningRestore(db, owner.familyId)) throw alreadyRunning();
        // Into a family that holds records, only when asked for (the screen asks the person first).
        if (!request.query.confirm && (await holdsRecords(db, owner.familyId))) {
          await discard(request.body as Readable);
          throw conflict(
            "This family already holds records. A restore adds the records of the file it does not hold, leaves those it holds (the same records, by id) as they are, and puts the file's settings in place of the family's. Send the file again with ?confirm=true to restore into it.",
          );
        }
        const declared = Number(request.headers["content-length"]);
        // Said up front: refused before a byte of it is read.
        if (declared > quota) throw tooLarge(quota);
        const id = randomUUID();
        const dir = join(config.dataDir, "restores", id);
        await mkdir(dir, { recursive: true, mode: 0o700 });
        let writing = false;
        try {
          const upload = join(dir, "upload");
          const size = await receiveFile(request.body as Readable, upload, quota);
          const reader =
            (await backupKind(upload)) === "zip"
              ? await openZipBackup(upload, size)
              : await unpackJsonExport(upload, join(dir, "unpacked"));
          let checked: Awaited<ReturnType<typeof checkBackup>>;
          try {
            checked = await checkBackup(reader, id, dir, new Date(), {
              existing: (section) => recordIds(db, owner.familyId, section),
              members: await restoreMembers(db, owner.familyId, reader.envelope.people),
            });
          } finally {
            await reader.close();
          }
          const used = await storageUsage(db, owner.familyId);
          if (used + checked.photoBytes > quota) {
            throw conflict(
              `This backup's photos need ${formatByteSize(checked.photoBytes)}, and this account's photos already use ${formatByteSize(used)} of ${formatByteSize(quota)}. Delete photos you no longer need, or ask whoever runs this server for more space.`,
            );
          }
          await rm(upload, { force: true });
          await rm(join(dir, "unpacked"), { recursive: true, force: true });
          const job = await startRestore(db, owner, id, checked, new Date());
          if (!job) throw alreadyRunning();
          writing = true;
          const log = (error: unknown) =>
            request.log.error(
              { fault: (error as Error).name, code: (error as { code?: string }).code },
              "restore failed",
            );
          // The family's clock and settings may have changed: every process's memory of them goes.
          const running = runRestore(deps, job, dir, log).finally(() => accesses.forget());
          if (respondAsync(request)) {
            running.catch(log);
            return reply
              .status(202)
              .header("preference-applied", "respond-async")
              .header("location", `/api/account/import/${id}`)
              .send(restoreView(job));
          }
          const finished = await running;
          if (finished.state !== "done") throw new HttpError(503, finished.message ?? INTERRUPTED);
          return reply.status(200).send(restoreView(finished).report!);
        } finally {
          if (!writing) await rm(dir, { recursive: true, force: true });
        }
      },
    );
  });

  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/account/import/target",
    { config: { access: "manage" }, schema: { response: { 200: restoreTargetRecord } } },
    async (request) => ({ holdsRecords: await holdsRecords(db, request.access().familyId) }),
  );
  r.get("/api/account/import", { schema: { response: { 200: z.array(restoreRecord) } } }, async (request) =>
    (await listRestores(db, request.access().familyId)).map(restoreView),
  );
  r.get(
    "/api/account/import/:id",
    { schema: { params: z.object({ id: z.string() }), response: { 200: restoreRecord } } },
    async (request) => {
      const job = /^[0-9a-f-]{36}$/i.test(request.params.id)
        ? await getRestore(db, request.access().familyId, request.params.id)
        : undefined;
      if (!job) throw notFound("Restore");
      return restoreView(job);
    },
  );
};
