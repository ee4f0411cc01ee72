import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { S3Settings } from "../config";
import { ObjectNotFoundError, type ObjectStorage, type StoredEntry } from "./object-storage";

/**
 * Objects in an S3-compatible bucket (AWS, MinIO, Garage...). Uploads go straight from the browser
 * to the bucket on a presigned PUT URL for one size; the server reads them back to check and re-encode them,
 * and serves photos through itself, so the bucket itself never needs to be public.
 */
export function createS3Storage(settings: S3Settings): ObjectStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: many S3-compatible servers reject the newer headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  if (settings.forcePathStyle) {
    // Bucket-level requests (listing) go to "/bucket" rather than "/bucket/": both name the bucket,
    // and some S3-compatible servers sign the path without the slash.
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { path?: string };
        if (request.path === `/${Bucket}/`) request.path = `/${Bucket}`;
        return next(args);
      },
      { step: "build", name: "bucketPathWithoutSlash" },
    );
  }

  async function listEntries(prefix: string): Promise<StoredEntry[]> {
    const entries: StoredEntry[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const item of page.Contents ?? []) {
        if (item.Key) entries.push({ key: item.Key, modifiedAt: item.LastModified ?? new Date(0) });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  return {
    async put(key, body, options) {
      // A known length is required by S3: given, the stream goes as it is read (a backup); else it
      // is read whole first (a photo, small once re-encoded).
      const streamed = !Buffer.isBuffer(body) && options?.contentLength !== undefined;
      const bytes = Buffer.isBuffer(body) || streamed ? body : await buffer(body);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: options?.contentType,
          ...(streamed ? { ContentLength: options.contentLength } : {}),
        }),
      );
    },

    async read(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(result.Body instanceof Readable)) throw new ObjectNotFoundError(key);
        return result.Body;
      } catch (error) {
        if (
          error instanceof NoSuchKey ||
          (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
        ) {
          throw new ObjectNotFoundError(key);
        }
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    list: async (prefix) => (await listEntries(prefix)).map((entry) => entry.key),
    listEntries,

    async directUploadUrl(key, expiresAt, { contentLength }) {
      const expiresIn = Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000));
      // Content-Length is a signed header: S3 refuses a body of any other size (SignatureDoesNotMatch),
      // so the URL cannot store more than was declared. The browser sets it from the file itself.
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentLength: contentLength }), {
        expiresIn,
        // The browser sends whatever Content-Type the file has; the server checks the bytes anyway.
        unhoistableHeaders: new Set(),
      });
    },
  };
}
