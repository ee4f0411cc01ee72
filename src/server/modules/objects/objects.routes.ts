import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  MAX_PHOTO_BYTES,
  objectMetadataInput,
  objectMetadataRecord,
  UPLOAD_URL_MINUTES,
  uploadUrlRecord,
} from "../../../domain/photos";
import type { ModuleRoutes } from "../../app-context";
import { HttpError, notFound } from "../../lib/errors";
import { ObjectNotFoundError } from "../../storage/object-storage";
import { photoTooLarge, processPhoto } from "./images";
import {
  createPendingObject,
  deleteObjectFiles,
  forgetObject,
  getOwnedObject,
  isValidSignature,
  markFinalized,
  markUploaded,
  objectIdOfUploadUrl,
  objectKeys,
  sweepAbandonedObjects,
  uploadSignature,
} from "./objects.queries";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const uploadQuery = z.object({ expires: z.string().optional(), signature: z.string().optional() });

/** Reads a stream into memory, refusing it once it passes `limit` bytes. */
async function readAtMost(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      throw photoTooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The three-step photo upload (spec section 7): `POST /api/objects/upload` gives a URL for one
 * object, the file is PUT there, and `PUT /api/objects/metadata` checks it, re-encodes it and
 * answers its object path. On the local disk the URL is this server's, signed for one object and
 * one owner and good for a few minutes; with S3 it is a presigned URL of the bucket.
 */
export const objectRoutes: ModuleRoutes = (scope, { db, storage, config }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.post("/api/objects/upload", { schema: { response: { 200: uploadUrlRecord } } }, async (request) => {
    const ownerId = request.ownerId();
    const object = await createPendingObject(db, ownerId);
    const expiresAt = new Date(Date.now() + UPLOAD_URL_MINUTES * 60_000);
    const direct = await storage.directUploadUrl(objectKeys(object.storageKey).upload, expiresAt);
    if (direct) return { uploadURL: direct };
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const signature = uploadSignature(config.sessionSecret, object.id, ownerId, expires);
    return { uploadURL: `/api/objects/upload/${object.id}?expires=${expires}&signature=${signature}` };
  });

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
          const ownerId = request.ownerId();
          const { id } = request.params;
          const expires = Number(request.query.expires);
          const given = request.query.signature ?? "";
          if (
            !UUID.test(id) ||
            !isValidSignature(uploadSignature(config.sessionSecret, id, ownerId, expires), given)
          ) {
            throw new HttpError(403, "This upload link is not valid.");
          }
          if (!(expires * 1000 > Date.now())) throw new HttpError(403, "Request has expired");
          const object = await getOwnedObject(db, ownerId, id);
          if (!object) throw notFound("Upload");
          if (Number(request.headers["content-length"] ?? 0) > MAX_PHOTO_BYTES) throw photoTooLarge();
          if (!(await markUploaded(db, id)))
            throw new HttpError(409, "This upload link has already been used.");
          try {
            const bytes = await readAtMost(request.body as Readable, MAX_PHOTO_BYTES);
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
      const ownerId = request.ownerId();
      const id = objectIdOfUploadUrl(request.body.photoUrl);
      const object = id ? await getOwnedObject(db, ownerId, id) : undefined;
      if (!object) throw notFound("Upload");
      if (object.finalizedAt) return { objectPath: object.objectPath };
      const keys = objectKeys(object.storageKey);
      try {
        const bytes = await readAtMost(await storage.read(keys.upload), MAX_PHOTO_BYTES);
        const photo = await processPhoto(bytes);
        await storage.put(keys.full, photo.full, { contentType: photo.contentType });
        await storage.put(keys.thumbnail, photo.thumbnail, { contentType: photo.contentType });
        await storage.delete(keys.upload);
        await markFinalized(db, object.id, photo.contentType, photo.full.length);
      } catch (error) {
        // Whatever was refused leaves nothing behind: no file, no row.
        await deleteObjectFiles(storage, object.storageKey);
        await forgetObject(db, object.id);
        if (error instanceof ObjectNotFoundError)
          throw new HttpError(400, "The photo has not been uploaded yet.");
        throw error;
      }
      return { objectPath: object.objectPath };
    },
  );

  const timer = setInterval(
    () => {
      sweepAbandonedObjects(db, storage).catch((err: Error) =>
        scope.log.warn({ fault: err.name }, "sweeping abandoned uploads failed"),
      );
    },
    60 * 60 * 1000,
  );
  timer.unref();
  scope.addHook("onClose", async () => clearInterval(timer));
};

/**
 * Serving photos: only to their owner. Anybody else, signed in or not, gets the same 404 as for a
 * photo that does not exist. Registered outside the signed-in scope for that reason.
 */
export const objectServingRoutes: ModuleRoutes = (app, { db, storage }) => {
  const serve = (variant: "full" | "thumbnail") => async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    const ownerId = await request.loadSession(reply);
    const object = ownerId && UUID.test(id) ? await getOwnedObject(db, ownerId, id) : undefined;
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
