import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  MAX_PHOTO_BYTES,
  objectMetadataInput,
  objectMetadataRecord,
  uploadUrlInput,
  uploadUrlRecord,
} from "../../../domain/photos";
import { storageUsageRecord } from "../../../domain/storage";
import type { ModuleRoutes } from "../../app-context";
import { HttpError, notFound } from "../../lib/errors";
import { ObjectNotFoundError } from "../../storage/object-storage";
import { forgetAttempt, takeAttempt } from "../auth/login-limit.queries";
import { photoTooLarge, processPhoto } from "./images";
import {
  assertWithinQuota,
  createPendingObject,
  deleteObjectFiles,
  forgetObject,
  getOwnedObject,
  isValidSignature,
  lockStorage,
  markFinalized,
  markUploaded,
  objectIdOfUploadUrl,
  objectKeys,
  servableObject,
  storageUsage,
  takeForCheck,
  UPLOAD_URL_MS,
  uploadSignature,
  waitingUploads,
} from "./objects.queries";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const uploadQuery = z.object({ expires: z.string().optional(), signature: z.string().optional() });

/**
 * Upload URLs per account in an hour. Not a figure from a standard (OWASP's File Upload Cheat
 * Sheet asks for a limit without giving one): one photo every two minutes for an hour is far more
 * than a family documents a wound or a rash, and each URL may hold up to 10 MB until it is swept.
 */
export const UPLOAD_URLS_PER_HOUR = { max: 30, windowMs: 60 * 60 * 1000 };
/**
 * Uploads that may wait for their check at once. The uploader sends one file at a time (spec
 * section 9), so three leave room for a retry and a second tab, not for parking files.
 */
export const MAX_WAITING_UPLOADS = 3;

const uploadLimitKey = (familyId: string) => `upload:${familyId}`;

const minutesOf = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
};
const tooManyUploads = (what: string, seconds: number) =>
  new HttpError(429, `${what} Please wait ${minutesOf(seconds)} and try again.`, {
    "retry-after": String(seconds),
  });
const largerThanDeclared = () =>
  new HttpError(413, "The file is larger than the size given for this upload. Please upload it again.");
const alreadyUsed = () => new HttpError(409, "This upload link has already been used.");

/** Reads a stream into memory, refusing it once it passes `limit` bytes. */
async function readAtMost(stream: Readable, limit: number, tooLarge = photoTooLarge): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The three-step photo upload (spec section 7): `POST /api/objects/upload {size}` gives a URL for
 * one object of that size (without a size, of up to 10 MB, on this server), the file is PUT there, and `PUT /api/objects/metadata` checks it (once),
 * re-encodes it and answers its object path. On the local disk the URL is this server's, signed for
 * one object and one owner; with S3 it is a presigned URL of the bucket for exactly that size. Both
 * last UPLOAD_URL_MINUTES. URLs are limited per hour and per waiting upload, and the family's
 * storage quota counts each upload from the moment its URL is made.
 */
export const objectRoutes: ModuleRoutes = (scope, { db, storage, config }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/objects/upload",
    {
      schema: { body: uploadUrlInput, response: { 200: uploadUrlRecord } },
      // Spec section 7 sends this call with no body at all (no Content-Type): read as `{}`. A body
      // that is sent must still be a JSON object.
      preValidation: async (request) => {
        if (request.body == null && request.headers["content-type"] === undefined) request.body = {};
      },
    },
    async (request) => {
      const familyId = request.access().familyId;
      const { size } = request.body;
      if (size !== undefined && size > MAX_PHOTO_BYTES) throw photoTooLarge();
      // Without a size (the spec's call), the URL may take up to the photo limit, counted so.
      const declared = size ?? MAX_PHOTO_BYTES;
      const now = new Date();
      const attempt = await takeAttempt(db, [uploadLimitKey(familyId)], UPLOAD_URLS_PER_HOUR, now);
      if (!attempt.allowed)
        throw tooManyUploads("Too many photo uploads in the last hour.", attempt.retryAfterSeconds);
      let object: Awaited<ReturnType<typeof createPendingObject>>;
      try {
        object = await db.transaction(async (tx) => {
          await lockStorage(tx, familyId);
          const { waiting, until } = await waitingUploads(tx, familyId, now);
          if (waiting >= MAX_WAITING_UPLOADS) {
            const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
            throw tooManyUploads("Too many photo uploads are waiting to finish.", seconds);
          }
          await assertWithinQuota(tx, familyId, declared, config.storageQuotaBytes);
          return createPendingObject(tx, familyId, declared, now);
        });
      } catch (error) {
        // A URL refused for another reason does not count against the hour.
        await forgetAttempt(db, attempt.ids);
        throw error;
      }
      const expiresAt = new Date(now.getTime() + UPLOAD_URL_MS);
      // A store's own URL (S3's presigned PUT) is signed for one exact Content-Length, so it is
      // given only for a declared size; without one the file comes through this server, which
      // reads at most the photo limit and writes it to the store.
      const direct =
        size === undefined
          ? null
          : await storage.directUploadUrl(objectKeys(object.storageKey).upload, expiresAt, {
              contentLength: size,
            });
      if (direct) return { uploadURL: direct };
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const signature = uploadSignature(config.sessionSecret, object.id, familyId, expires);
      return { uploadURL: `/api/objects/upload/${object.id}?expires=${expires}&signature=${signature}` };
    },
  );

  r.get("/api/account/storage", { schema: { response: { 200: storageUsageRecord } } }, async (request) => ({
    usedBytes: await storageUsage(db, request.access().familyId),
    quotaBytes: config.storageQuotaBytes,
  }));

  // The file itself, in any content type: only this route reads a body that is not JSON.
  scope.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    raw
      .withTypeProvider<ZodTypeProvider>()
      .put(
        "/api/objects/upload/:id",
        { schema: { params: z.object({ id: z.string() }), querystring: uploadQuery } },
        async (request, reply) => {
          const familyId = request.access().familyId;
          const { id } = request.params;
          const expires = Number(request.query.expires);
          const given = request.query.signature ?? "";
          if (
            !UUID.test(id) ||
            !isValidSignature(uploadSignature(config.sessionSecret, id, familyId, expires), given)
          ) {
            throw new HttpError(403, "This upload link is not valid.");
          }
          if (!(expires * 1000 > Date.now())) throw new HttpError(403, "Request has expired");
          const object = await getOwnedObject(db, familyId, id);
          if (!object) throw notFound("Upload");
          // Objects made before sizes were declared take up to the photo limit.
          const limit = Math.min(object.declaredBytes ?? MAX_PHOTO_BYTES, MAX_PHOTO_BYTES);
          if (Number(request.headers["content-length"] ?? 0) > limit) throw largerThanDeclared();
          if (!(await markUploaded(db, id))) throw alreadyUsed();
          try {
            const bytes = await readAtMost(request.body as Readable, limit, largerThanDeclared);
            await storage.put(objectKeys(object.storageKey).upload, bytes);
          } catch (error) {
            await deleteObjectFiles(storage, object.storageKey);
            await forgetObject(db, id);
            throw error;
          }
          return reply.status(200).send();
        },
      );
  });

  r.put(
    "/api/objects/metadata",
    { schema: { body: objectMetadataInput, response: { 200: objectMetadataRecord } } },
    async (request) => {
      const familyId = request.access().familyId;
      const id = objectIdOfUploadUrl(request.body.photoUrl);
      const object = id ? await getOwnedObject(db, familyId, id) : undefined;
      if (!object) throw notFound("Upload");
      if (object.finalizedAt) return { objectPath: object.objectPath };
      if (!(await takeForCheck(db, object.id, new Date()))) throw alreadyUsed();
      const keys = objectKeys(object.storageKey);
      try {
        const limit = Math.min(object.declaredBytes ?? MAX_PHOTO_BYTES, MAX_PHOTO_BYTES);
        const bytes = await readAtMost(await storage.read(keys.upload), limit, largerThanDeclared);
        const photo = await processPhoto(bytes);
        await storage.put(keys.full, photo.full, { contentType: photo.contentType });
        await storage.put(keys.thumbnail, photo.thumbnail, { contentType: photo.contentType });
        await storage.delete(keys.upload);
        // The quota again, with the photo's real size: space may have gone since the URL was made.
        const recorded = await db.transaction(async (tx) => {
          await assertWithinQuota(tx, familyId, photo.full.length, config.storageQuotaBytes, {
            except: object.id,
          });
          return markFinalized(tx, object.id, photo.contentType, photo.full.length);
        });
        if (!recorded) throw notFound("Upload");
      } catch (error) {
        // Whatever was refused leaves no file. The object stays, taken, until the sweep: its URL
        // serves no other check, and what may still be sent to it counts against the quota.
        await deleteObjectFiles(storage, object.storageKey);
        if (error instanceof ObjectNotFoundError)
          throw new HttpError(400, "The photo has not been uploaded yet.");
        throw error;
      }
      return { objectPath: object.objectPath };
    },
  );
};

/**
 * Serving photos: only to the family they belong to, through the request's access like every
 * record. Anybody else, signed in or not, gets the same 404 as for a photo that does not exist.
 * Registered outside the signed-in scope for that reason (a photo may be kept in a private cache).
 */
export const objectServingRoutes: ModuleRoutes = (app, { db, storage }) => {
  const serve = (variant: "full" | "thumbnail") => async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    const access = await request.loadAccess(reply);
    const object = access && UUID.test(id) ? await servableObject(db, access, id) : undefined;
    if (!object?.finalizedAt) {
      return reply.status(404).header("cache-control", "no-store").send({ message: "Not found" });
    }
    let body: Readable;
    try {
      body = await storage.read(objectKeys(object.storageKey)[variant]);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) {
        return reply.status(404).header("cache-control", "no-store").send({ message: "Not found" });
      }
      throw error;
    }
    return reply
      .type(object.contentType ?? "application/octet-stream")
      .header("cache-control", "private, max-age=86400")
      .header("x-content-type-options", "nosniff")
      .header("content-disposition", "inline")
      .send(body);
  };
  app.get("/objects/uploads/:id", serve("full"));
  app.get("/objects/uploads/:id/thumbnail", serve("thumbnail"));
};
