import { mkdirSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { openDatabase, prepareDataDir } from "./db/client";

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
  it("is created owner-only with everything in it, whatever the umask", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "mct-perms-")), "data");
    const config = loadConfig({ DATA_DIR: dataDir });
    const { database, release } = await openDatabase(config);
    await database.close();
    release();
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
