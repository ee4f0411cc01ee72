import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import type { BackupTarget } from "../../config";
import { createS3Storage } from "../../storage/s3-storage";
import { ARCHIVE_NAME } from "./backup-archive";

/**
 * Where archives are kept (`BACKUP_DIR`): a folder, readable by the server's user only, or a prefix
 * in an S3 bucket, through the photos' own S3 code. An archive is written to a local file first,
 * checked there, then kept under its name (a rename, or an upload), and read back to compare.
 */
export interface BackupStore {
  /** Where, in words for the log and Settings: the folder, or s3://bucket/prefix. */
  where: string;
  /** A local file to write the archive `name` to before it is kept. */
  workFile(name: string): Promise<string>;
  /** Keeps the written `file` as `name` (the file is gone after). */
  keep(file: string, name: string): Promise<void>;
  /** A kept archive's bytes. */
  read(name: string): Promise<Readable>;
  /** The names of the archives kept (`mct-backup-*.zip`), whatever else is there. */
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
}

/** A work file that was never kept (its process stopped) is removed after this long. */
const STALE_WORK_MS = 24 * 60 * 60 * 1000;

export function backupStore(target: BackupTarget, warn: (message: string) => void = () => {}): BackupStore {
  return target.kind === "dir" ? folderStore(target.dir, warn) : s3Store(target);
}

function folderStore(dir: string, warn: (message: string) => void): BackupStore {
  let ready: Promise<void> | undefined;
  const prepare = () => {
    ready ??= (async () => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const mode = (await stat(dir)).mode & 0o777;
      if (mode & 0o077) {
        warn(
          `The backup folder ${dir} can be read by other users of this machine (mode ${mode.toString(8)}). Run: chmod 700 ${dir}`,
        );
      }
    })().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  return {
    where: dir,
    async workFile(name) {
      await prepare();
      // What an earlier process left half-written.
      for (const entry of await readdir(dir)) {
        if (!/^\.mct-backup-.*\.partial$/.test(entry)) continue;
        const path = join(dir, entry);
        const modified = await stat(path).then(
          (s) => s.mtimeMs,
          () => Date.now(),
        );
        if (Date.now() - modified > STALE_WORK_MS) await rm(path, { force: true });
      }
      return join(dir, `.${name}.${randomBytes(4).toString("hex")}.partial`);
    },
    async keep(file, name) {
      await rename(file, join(dir, name));
    },
    async read(name) {
      return createReadStream(join(dir, name));
    },
    async list() {
      await prepare();
      return (await readdir(dir)).filter((entry) => ARCHIVE_NAME.test(entry)).sort();
    },
    async remove(name) {
      await rm(join(dir, name), { force: true });
    },
  };
}

function s3Store(target: Extract<BackupTarget, { kind: "s3" }>): BackupStore {
  const storage = createS3Storage(target.s3);
  const key = (name: string) => `${target.prefix}${name}`;
  return {
    where: `s3://${target.s3.bucket}/${target.prefix}`,
    async workFile(name) {
      return join(tmpdir(), `mct-${randomBytes(4).toString("hex")}-${name}.partial`);
    },
    async keep(file, name) {
      try {
        const { size } = await stat(file);
        await storage.put(key(name), createReadStream(file), {
          contentType: "application/zip",
          contentLength: size,
        });
      } finally {
        await rm(file, { force: true });
      }
    },
    read: (name) => storage.read(key(name)),
    async list() {
      return (await storage.list(target.prefix))
        .map((k) => k.slice(target.prefix.length))
        .filter((name) => ARCHIVE_NAME.test(name))
        .sort();
    },
    remove: (name) => storage.delete(key(name)),
  };
}
