import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = mkdtempSync(join(tmpdir(), "mct-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the built server and collects what it prints until it exits or `until` appears. */
function startServer(env: Record<string, string>, until?: RegExp) {
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
  });
  let output = "";
  const ready = new Promise<void>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (until?.test(output)) resolve();
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", () => resolve());
  });
  return { child, ready, output: () => output };
}

/**
 * Three servers start one after the other, the first on a new embedded database (every migration):
 * about 20 s on a quiet 2-core machine, 48 s with six other processes busy, and over 60 s in one
 * loaded run.
 */
const THREE_START_UPS = { timeout: 180_000 };

describe("server start-up", () => {
  it("refuses a second server on the same data directory with a clear message", THREE_START_UPS, async () => {
    const first = startServer({ DATA_DIR: dataDir, PORT: "0" }, /is running at/);
    await first.ready;
    expect(first.child.exitCode).toBeNull();
    const second = startServer({ DATA_DIR: dataDir, PORT: "0" });
    const [code] = await once(second.child, "exit");
    expect(code).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another server`);
    first.child.kill("SIGTERM");
    const [firstCode] = await once(first.child, "exit");
    expect(firstCode).toBe(0);

    // The lock is released on a clean shutdown: the directory can be opened again.
    const third = startServer({ DATA_DIR: dataDir, PORT: "0" }, /is running at/);
    await third.ready;
    expect(third.child.exitCode).toBeNull();
    third.child.kill("SIGTERM");
    await once(third.child, "exit");
  });

  it("stops on a bad setting with a message naming the variable", async () => {
    const server = startServer({ DATA_DIR: dataDir, SESSION_IDLE_MINUTES: "soon" });
    const [code] = await once(server.child, "exit");
    expect(code).toBe(1);
    expect(server.output()).toContain("SESSION_IDLE_MINUTES");
  });
});
