import type { Readable } from "node:stream";

/**
 * Where uploaded files (medical photos) are kept: the local disk by default, S3-compatible
 * storage when configured. Keys are `<owner id>/<object id>[.<variant>]`, so an owner's objects
 * can be listed and removed together.
 */
export interface ObjectStorage {
  /**
   * Stores `body` under `key`, replacing what was there. A stream whose `contentLength` is given
   * is sent as it is read (a backup archive); otherwise S3 needs it whole in memory first.
   */
  put(
    key: string,
    body: Buffer | Readable,
    options?: { contentType?: string; contentLength?: number },
  ): Promise<void>;
  /** The object's bytes as a stream; throws `ObjectNotFoundError` when there is none. */
  read(key: string): Promise<Readable>;
  /** Removes an object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** The keys that start with `prefix`. */
  list(prefix: string): Promise<string[]>;
  /** The objects whose keys start with `prefix`, with when each was last written. */
  listEntries(prefix: string): Promise<StoredEntry[]>;
  /**
   * A URL the browser can PUT one file of exactly `contentLength` bytes to, straight into the
   * store, until `expiresAt` (S3: a presigned URL whose signature covers the Content-Length, so the
   * store refuses any other size). Null when the store has none (the local disk): the server then
   * receives the upload on a signed URL of its own.
   */
  directUploadUrl(key: string, expiresAt: Date, options: { contentLength: number }): Promise<string | null>;
}

export interface StoredEntry {
  key: string;
  modifiedAt: Date;
}

export class ObjectNotFoundError extends Error {
  override name = "ObjectNotFoundError";
  constructor(key: string) {
    super(`No stored object ${key}`);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The prefix of every object an owner has. */
export function ownerPrefix(familyId: string): string {
  if (!UUID.test(familyId)) throw new Error("Invalid owner id");
  return `${familyId}/`;
}

/** Removes every object of an owner (the account or the child profile was deleted). */
export async function deleteOwnerObjects(storage: ObjectStorage, familyId: string): Promise<void> {
  for (const key of await storage.list(ownerPrefix(familyId))) await storage.delete(key);
}
