import { type ChildProcess, execFile, spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { BackupError } from "./backup-archive";

/**
 * PostgreSQL's own tools, when the machine has them (Debian's postgresql-client): `pg_dump` makes
 * the PostgreSQL backups (docs/decisions: a consistent dump of every schema, pg-boss's jobs
 * included), `pg_restore` checks and restores them. Without them, or with a `pg_dump` older than
 * the server (it refuses to dump a newer one), the app dumps its own tables (database-dump.ts).
 */

/** The program `name` on the PATH, or null. */
export function onPath(name: string, path = process.env.PATH ?? ""): string | null {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}

export interface PgTools {
  pgDump: string;
  pgRestore: string;
}

/** pg_dump and pg_restore, when both are on the PATH. */
export function findPgTools(path = process.env.PATH ?? ""): PgTools | null {
  const pgDump = onPath("pg_dump", path);
  const pgRestore = onPath("pg_restore", path);
  return pgDump && pgRestore ? { pgDump, pgRestore } : null;
}

/** A tool's major version (`pg_dump (PostgreSQL) 15.20 (Debian ...)`: 15). */
export async function toolMajorVersion(program: string): Promise<number> {
  const { stdout } = await promisify(execFile)(program, ["--version"]);
  const major = /\)\s+(\d+)/.exec(stdout)?.[1];
  if (!major) throw new BackupError(`${program} --version said "${stdout.trim()}", not a version`);
  return Number(major);
}

/**
 * The tools' connection to `url`: the address without its password (a process's arguments can be
 * read by every user of the machine), and the password in the environment.
 */
export function connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.href,
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}), PGCONNECT_TIMEOUT: "30" },
  };
}

/**
 * Runs a tool; its output is the caller's (`stdout`), and what it said on stderr is kept for the
 * error: the last lines, which say why it stopped.
 */
export function runTool(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): {
  child: ChildProcess;
  done: Promise<void>;
} {
  const child = spawn(program, args, { env, stdio: ["pipe", "pipe", "pipe"] });
  let said = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    said = (said + chunk.toString("utf8")).slice(-2000);
  });
  const done = new Promise<void>((resolve, reject) => {
    child.once("error", (error) => reject(new BackupError(`${program} could not run: ${error.message}`)));
    child.once("close", (code, signal) => {
      if (code === 0) resolve();
      else {
        const why = said.trim().split("\n").slice(-3).join(" ").trim();
        reject(
          new BackupError(
            `${program.split("/").pop()} stopped (${signal ?? `exit ${code}`})${why ? `: ${why}` : ""}`,
          ),
        );
      }
    });
  });
  // A tool that stops early closes its input: what was still being written to it has no reader.
  child.stdin?.on("error", () => {});
  return { child, done };
}
