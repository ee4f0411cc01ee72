import { rmSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { join } from "node:path";

/**
 * How a command run on the server's machine (`npm run backup`, or `node dist/server/backup.js` in
 * the container) asks the running server to do something: the embedded database belongs to the
 * one process that opened it, so only the server can read it. A Unix socket in DATA_DIR, which is
 * readable by the server's user only (700): nobody else on the machine can reach it. One line
 * asks (the command's name), one JSON line answers `{ ok, lines }`.
 */

export interface CommandAnswer {
  ok: boolean;
  /** What to tell whoever asked, a line each. */
  lines: string[];
}

export type Commands = Record<string, () => Promise<CommandAnswer>>;

/** The socket's path; null where there can be none (the path is too long for a socket, or Windows). */
export function commandSocket(dataDir: string): string | null {
  const path = join(dataDir, "server.sock");
  // A socket's path has at most 107 bytes on Linux (104 on macOS).
  return process.platform === "win32" || Buffer.byteLength(path) > 100 ? null : path;
}

/** Starts answering `commands` on DATA_DIR's socket; answers how to stop. */
export async function listenForCommands(
  dataDir: string,
  commands: Commands,
  warn: (message: string) => void,
): Promise<() => Promise<void>> {
  const path = commandSocket(dataDir);
  if (!path) {
    warn(`No command socket in ${dataDir} (its path is too long): npm run backup cannot reach this server`);
    return async () => {};
  }
  const server = createServer((socket) => {
    let asked = "";
    let handled = false;
    socket.setEncoding("utf8");
    socket.on("error", () => {});
    socket.on("data", async (chunk: string) => {
      if (handled) return;
      asked += chunk;
      if (!asked.includes("\n")) {
        if (asked.length > 100) socket.destroy();
        return;
      }
      const name = asked.slice(0, asked.indexOf("\n")).trim();
      handled = true;
      const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
      const answer: CommandAnswer = command
        ? await command().catch((error: Error) => ({
            ok: false,
            lines: [`${name} failed: ${error.message}`],
          }))
        : { ok: false, lines: [`This server does not know the command "${name}"`] };
      socket.end(`${JSON.stringify(answer)}\n`);
    });
  });
  const listening = await listen(server, path);
  if (!listening) {
    warn(`Another server answers on ${path}: npm run backup reaches that one`);
    return async () => {};
  }
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(path, { force: true });
    });
}

/** Listens on `path`, taking over a socket a stopped server left; false when a live server holds it. */
async function listen(server: Server, path: string): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      server.once("error", resolve);
      server.listen(path, () => {
        server.off("error", resolve);
        resolve(null);
      });
    });
    if (!error) return true;
    if (error.code !== "EADDRINUSE") throw error;
    if (await answers(path)) return false;
    rmSync(path, { force: true });
  }
  return false;
}

/** Whether a server listens on the socket. */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(path);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Asks the server running on DATA_DIR to run `name`; null when none is listening there. Waits as
 * long as the command takes (a backup of a large installation takes minutes).
 */
export async function sendCommand(dataDir: string, name: string): Promise<CommandAnswer | null> {
  const path = commandSocket(dataDir);
  if (!path) return null;
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let answer = "";
    let connected = false;
    socket.setEncoding("utf8");
    socket.once("connect", () => {
      connected = true;
      socket.write(`${name}\n`);
    });
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.once("end", () => {
      try {
        resolve(JSON.parse(answer) as CommandAnswer);
      } catch {
        reject(new Error("The server's answer could not be read"));
      }
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === "ENOENT" || error.code === "ECONNREFUSED")) resolve(null);
      else reject(error);
    });
  });
}

/** Whether a server is running on DATA_DIR (it answers on the socket). */
export function serverRunsOn(dataDir: string): Promise<boolean> {
  const path = commandSocket(dataDir);
  return path ? answers(path) : Promise.resolve(false);
}
