import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";

let holder: ChildProcess | undefined;
afterEach(() => holder?.kill());

describe("data directory lock", () => {
  it("refuses a directory held by a running process, with a message naming it", () => {
    const dir = mkdtempSync(join(tmpdir(), "mct-lock-"));
    holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    writeFileSync(join(dir, "server.lock"), String(holder.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`in use by another server (process ${holder.pid})`);
  });

  it("takes over a lock left by a process that has exited, and can be taken again after release", () => {
    const dir = mkdtempSync(join(tmpdir(), "mct-lock-"));
    writeFileSync(join(dir, "server.lock"), "999999999");
    const release = lockDataDir(dir);
    release();
    lockDataDir(dir)();
  });
});
