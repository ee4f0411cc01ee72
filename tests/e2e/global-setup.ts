import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: its outbox holds the mail it would have sent (no mail settings). */
    dataDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Waits for the server (a new embedded database migrates first: slow on a busy machine). */
async function waitUntilUp(url: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer at ${url}`);
}

/** Builds the app if needed and starts it, as `npm start` would, on a fresh embedded database. */
export default async function setup(project: TestProject) {
  buildIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), "mct-e2e-"));
  const port = await freePort();
  const server = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // The tests stand for many families on one machine: each test's browser says which client it
      // is (X-Forwarded-For, see browser.ts), as a proxy would, so per-address limits such as new
      // accounts an hour count each family apart.
      TRUST_PROXY: "loopback",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseUrl}/api/auth/config`, server);
  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  return async () => {
    server.kill("SIGTERM");
    if (server.exitCode === null) await once(server, "exit");
    rmSync(dataDir, { recursive: true, force: true });
  };
}
