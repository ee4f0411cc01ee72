import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
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
    const lock = join(dir, "server.lock");
    writeFileSync(lock, "999999999");
    const release = lockDataDir(dir);
    expect(readFileSync(lock, "utf8")).toBe(String(process.pid));
    // While held, another process is refused with a message naming this one.
    expect(tryLockFromAnotherProcess(dir)).toContain(`in use by another server (process ${process.pid})`);
    release();
    expect(existsSync(lock)).toBe(false);
    expect(tryLockFromAnotherProcess(dir)).toBe("locked");
  });
});

/** Runs `lockDataDir` in a separate Node process and returns what it printed. */
function tryLockFromAnotherProcess(dir: string): string {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(new URL("./data-dir-lock.ts", import.meta.url).href)});
    try { lockDataDir(${JSON.stringify(dir)})(); console.log("locked"); } catch (e) { console.log(e.message); }`;
  return execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8",
  }).trim();
}
