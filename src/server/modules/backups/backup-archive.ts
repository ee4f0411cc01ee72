import { createHash } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { type Readable, Transform } from "node:stream";
import { finished } from "node:stream/promises";
import { ZipArchive } from "archiver";
import yauzl from "yauzl";
import { z } from "zod";

/**
 * One backup of the whole installation: a ZIP holding the database (as its kind dumps it) and
 * every stored photo, with `manifest.json` last, which says what the archive holds: when it was
 * made, the database's kind and how it was dumped, the migrations it had, how many rows each of
 * the app's tables held, how many stored files it holds, and each part's size and SHA-256. A check reopens the archive and
 * compares all of it (verify-archive.ts).
 */

export const ARCHIVE_FORMAT = "medical-care-tracker-installation-backup";
export const MANIFEST = "manifest.json";
/** What an archive's name looks like: `mct-backup-20260301T033000Z.zip` (UTC), `-2` for a second one that second. */
export const ARCHIVE_NAME = /^mct-backup-(\d{8}T\d{6}Z)(?:-(\d{1,6}))?\.zip$/;

/** How the database went into the archive. */
export const DUMP_KINDS = ["pglite-data-dir", "pg_dump", "tables"] as const;
export type DumpKind = (typeof DUMP_KINDS)[number];

/** The database's parts: one file for a data directory or pg_dump's archive, a file per table otherwise. */
export const DATA_DIR_PART = "database/pgdata.tar";
export const PG_DUMP_PART = "database/pg_dump.custom";
export const tablePart = (table: string) => `database/tables/${table}.jsonl`;
export const TABLE_PART = /^database\/tables\/([a-z_][a-z0-9_]*)\.jsonl$/;
/** A stored file's part (a photo, its thumbnail): its key in the object storage. */
export const OBJECT_PREFIX = "objects/";
/** A photo's key: the family's id, then the object's (object-storage.ts). Nothing else in the bucket is a photo. */
export const PHOTO_KEY =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[A-Za-z0-9][A-Za-z0-9._-]*$/i;

const part = z.object({
  name: z.string().min(1).max(1024),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ArchivePart = z.infer<typeof part>;

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    dump: z.enum(DUMP_KINDS),
    /** How many of the app's migrations the database had (drizzle's journal). */
    migrations: z.number().int().min(0),
    /** Rows of each of the app's tables, in the order a restore writes them. */
    counts: z.record(z.string(), z.number().int().min(0)),
  }),
  /** Stored files (photos and their thumbnails), each a part under `objects/`. */
  objects: z.number().int().min(0),
  parts: z.array(part),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A backup that could not be made, checked or restored, said for whoever runs the server. */
export class BackupError extends Error {
  override name = "BackupError";
}

/**
 * The instant an archive's name says it was made, or undefined for a file that is no archive of
 * ours. A second archive of the same second (`-2`) counts a millisecond later, and so on: newer.
 */
export function archiveDate(name: string): Date | undefined {
  const match = ARCHIVE_NAME.exec(name);
  const stamp = match?.[1];
  if (!stamp) return undefined;
  const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`;
  const at = new Date(iso).getTime() + Math.max(0, Number(match[2] ?? 1) - 1);
  return Number.isNaN(at) ? undefined : new Date(at);
}

/** The name of an archive made at `at`. */
export function archiveName(at: Date, suffix = 0): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `mct-backup-${stamp}${suffix > 0 ? `-${suffix + 1}` : ""}.zip`;
}

/**
 * Writes an archive to `file`, a part at a time (each waits for the one before, so memory stays
 * bounded however large the database and the photos), hashing each part as it goes.
 */
export class ArchiveWriter {
  private readonly archive = new ZipArchive({ zlib: { level: 6 } });
  private readonly out;
  /** Rejects when the archive or its file fails (a full disk). */
  private readonly failed: Promise<never>;
  private failure: Error | undefined;
  readonly parts: ArchivePart[] = [];

  constructor(file: string) {
    this.out = createWriteStream(file, { mode: 0o600 });
    this.failed = new Promise<never>((_, reject) => {
      const fail = (error: Error) => {
        this.failure ??= error;
        this.archive.abort();
        reject(error);
      };
      this.archive.on("error", fail);
      this.out.on("error", fail);
    });
    this.failed.catch(() => {});
    this.archive.pipe(this.out);
  }

  /** Adds a part; `store` leaves it uncompressed (photos are already). Resolves once it is written. */
  async add(
    name: string,
    source: Readable | Buffer,
    options: { store?: boolean } = {},
  ): Promise<ArchivePart> {
    if (this.failure) throw this.failure;
    const hash = createHash("sha256");
    let size = 0;
    const written = once(this.archive, "entry");
    if (Buffer.isBuffer(source)) {
      hash.update(source);
      size = source.length;
      this.archive.append(source, { name, store: options.store ?? false });
      await Promise.race([written, this.failed]);
    } else {
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      const sourceFailed = new Promise<never>((_, reject) => source.once("error", reject));
      source.pipe(counted);
      this.archive.append(counted, { name, store: options.store ?? false });
      try {
        await Promise.race([written, sourceFailed, this.failed]);
      } catch (error) {
        this.failure ??= error as Error;
        counted.destroy();
        this.archive.abort();
        throw error;
      }
    }
    const entry = { name, size, sha256: hash.digest("hex") };
    this.parts.push(entry);
    return entry;
  }

  /** Writes the manifest last and closes the file. */
  async finish(manifest: Omit<Manifest, "parts">): Promise<Manifest> {
    const whole: Manifest = { ...manifest, parts: this.parts };
    const written = once(this.archive, "entry");
    this.archive.append(`${JSON.stringify(whole, null, 1)}\n`, { name: MANIFEST });
    await Promise.race([written, this.failed]);
    await Promise.race([this.archive.finalize(), this.failed]);
    await Promise.race([finished(this.out), this.failed]);
    if (this.failure) throw this.failure;
    return whole;
  }

  /** Stops writing (the file is left for the caller to remove). */
  async abort(): Promise<void> {
    this.archive.abort();
    this.out.destroy();
    await finished(this.out).catch(() => {});
  }
}

/** The largest manifest read: a line per photo, a few hundred thousand photos at most. */
const MAX_MANIFEST = 64 * 1024 * 1024;

/** An archive opened for reading: its manifest, and each part as a stream. */
export interface OpenArchive {
  manifest: Manifest;
  /** The entries of the ZIP, in the order they were written (the manifest's excluded). */
  entries: yauzl.Entry[];
  read(entry: yauzl.Entry): Promise<Readable>;
  close(): void;
}

const cannotOpen = (file: string, why: string) =>
  new BackupError(`The backup ${file} cannot be opened: ${why}.`);

/** Opens an archive and reads its manifest; refuses a file that is no archive of this app. */
export async function openArchive(file: string): Promise<OpenArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { autoClose: false, strictFileNames: true });
  } catch (error) {
    throw cannotOpen(file, `it is not a complete ZIP file (${(error as Error).message})`);
  }
  try {
    const entries: yauzl.Entry[] = [];
    let manifestEntry: yauzl.Entry | undefined;
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName === MANIFEST) manifestEntry = entry;
      else entries.push(entry);
    }
    if (!manifestEntry || manifestEntry.uncompressedSize > MAX_MANIFEST) {
      throw cannotOpen(file, "it has no manifest, so it is not a backup of the whole installation");
    }
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(manifestEntry)) chunks.push(chunk as Buffer);
    let parsed: z.ZodSafeParseResult<Manifest>;
    try {
      parsed = manifestSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString("utf8")));
    } catch {
      throw cannotOpen(file, "its manifest is not valid JSON");
    }
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw cannotOpen(
        file,
        `its manifest is not one this version reads (${issue.path.join(".")}: ${issue.message})`,
      );
    }
    return {
      manifest: parsed.data,
      entries,
      read: (entry) => zip.openReadStreamPromise(entry),
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    if (error instanceof BackupError) throw error;
    throw cannotOpen(file, (error as Error).message);
  }
}
