import { mkdirSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { prepareDataDir } from "./db/client";
import { openDatabase } from "./db/open";

let umask: number;
beforeEach(() => {
  // The most common default: files readable by everyone.
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
});

function modes(dir: string): { path: string; mode: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).map((entry) => {
    const path = join(entry.parentPath, entry.name);
    return { path, mode: (statSync(path).mode & 0o777).toString(8) };
  });
}

describe("the data directory", () => {
  let dataDir: string;
  // Starting the embedded database on disk and migrating it costs seconds, more on a busy machine:
  // it happens here, with room for that, and the test reads what it left behind.
  beforeAll(async () => {
    const umask = process.umask(0o022);
    try {
      dataDir = join(mkdtempSync(join(tmpdir(), "mct-perms-")), "data");
      const { database, release } = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
      await database.close();
      release();
    } finally {
      process.umask(umask);
    }
  }, 120_000);

  it("is created owner-only with everything in it, whatever the umask", () => {
    expect((statSync(dataDir).mode & 0o777).toString(8)).toBe("700");
    const entries = modes(dataDir);
    expect(entries.length).toBeGreaterThan(10);
    const open = entries.filter(({ path, mode }) =>
      statSync(path).isDirectory() ? mode !== "700" : mode !== "600",
    );
    expect(open).toEqual([]);
  });

  it("warns at start-up when it is readable by others", () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "mct-perms-")), "shared");
    mkdirSync(dataDir, { mode: 0o755 });
    const warnings: string[] = [];
    prepareDataDir(dataDir, (message) => warnings.push(message));
    expect(warnings).toEqual([
      `The data directory ${dataDir} can be read by other users of this machine (mode 755). Run: chmod 700 ${dataDir}`,
    ]);
  });
});
