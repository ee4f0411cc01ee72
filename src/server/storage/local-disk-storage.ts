import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { ObjectNotFoundError, type ObjectStorage, type StoredEntry } from "./object-storage";

/** Keys are made of ids, dots, dashes and slashes: never `..`, never absolute. */
const SAFE_KEY = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/**
 * Objects as files under `root` (DATA_DIR/objects), readable by the server's user only (folders
 * 700, files 600). A file is written under a temporary name and renamed, so a reader never sees
 * half of it.
 */
export function createLocalDiskStorage(root: string): ObjectStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error("Invalid object key");
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error("Invalid object key");
    return path;
  };

  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(join(path, ".."), { recursive: true, mode: 0o700 });
      const temporary = `${path}.${randomBytes(6).toString("hex")}.part`;
      try {
        if (Buffer.isBuffer(body)) await writeFile(temporary, body, { mode: 0o600 });
        else await pipeline(body, createWriteStream(temporary, { mode: 0o600 }));
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async read(key) {
      const path = pathOf(key);
      try {
        if (!(await stat(path)).isFile()) throw new ObjectNotFoundError(key);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new ObjectNotFoundError(key);
        throw error;
      }
      return createReadStream(path);
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    // The browser uploads to the server, which writes here (see the objects module).
    async directUploadUrl() {
      return null;
    },

    list: async (prefix) => (await listEntries(prefix)).map((entry) => entry.key),
    listEntries,
  };

  async function listEntries(prefix: string): Promise<StoredEntry[]> {
    const entries: StoredEntry[] = [];
    // Only the folder the prefix names is read, not every owner's.
    const folder = prefix.includes("/") ? join(base, prefix.slice(0, prefix.lastIndexOf("/"))) : base;
    if (!resolve(folder).startsWith(base)) throw new Error("Invalid object key prefix");
    try {
      for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || entry.name.endsWith(".part")) continue;
        const path = join(entry.parentPath, entry.name);
        const key = relative(base, path).split(sep).join("/");
        if (!key.startsWith(prefix)) continue;
        try {
          entries.push({ key, modifiedAt: (await stat(path)).mtime });
        } catch (error) {
          // Removed while the folder was being read.
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}
