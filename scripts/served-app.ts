/** Starting and stopping the built app (dist/server/main.js) from developer scripts. */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Waits until `url` answers (a server on a big embedded database gathers statistics first). */
export async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** The built app on a free port of 127.0.0.1, answering; `env` adds to (or overrides) the defaults. */
export async function startBuiltApp(env: Record<string, string>, nodeArgs: string[] = []) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...nodeArgs, "dist/server/main.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", SESSION_SECRET: "b".repeat(64), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitFor(`${base}/api/auth/config`, server);
  return { base, server, stop: () => stop(server) };
}
