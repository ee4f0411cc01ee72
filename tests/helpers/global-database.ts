import { createHash, randomBytes } from "node:crypto";
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createPglite, fromPglite, openPostgres } from "../../src/server/db/client";
import { migrate, migrationsFolder } from "../../src/server/db/migrate";
import { installJobSchema, JOB_SCHEMA_RECIPE } from "./job-clock";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded database, dumped once for every test file to load (PGlite runs). */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database that test files copy (`CREATE DATABASE ... TEMPLATE`). */
    postgresTemplate: string;
  }
}

/**
 * Migrates the databases before the test files run, so that each file copies a ready schema
 * instead of creating and migrating its own (starting PGlite afresh costs seconds a file, more on
 * a busy machine; loading a dump, under one). The embedded template is made on PostgreSQL runs
 * too: some files test the embedded database whatever the run.
 */
export default async function setup(project: TestProject) {
  const removeTmpdir = temporaryFilesInMemory();
  project.provide("pgliteTemplate", await pgliteTemplate());
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide("postgresTemplate", "");
    return removeTmpdir;
  }
  const name = `mct_template_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.href);
  await migrate(database);
  await installJobSchema(database);
  await database.close();
  project.provide("postgresTemplate", name);
  return async () => {
    // With every copy a test file left behind: a file whose worker stopped before its own
    // teardown (a run once left three, empty, on the shared server).
    const left = await adminRows(
      url,
      "SELECT datname FROM pg_database WHERE left(datname, length($1)) = $1",
      [copyPrefix(name)],
    );
    for (const { datname } of left) await adminQuery(url, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    removeTmpdir();
  };
}

/** The start of the name of each copy of the template `template` ("mct_test_<template's id>_"). */
export const copyPrefix = (template: string) => `${template.replace(/^mct_template_/, "mct_test_")}_`;

/**
 * The tests' temporary files (each test app's DATA_DIR with its outbox, photos and backups, the
 * embedded databases kept on disk, what a restore unpacks) go to a folder of this run's own in
 * memory (tmpfs, /dev/shm) where the machine has one, removed when the run ends: the workers
 * start after this and take TMPDIR from it. Creating a file on the disk took about 0.25 ms of
 * CPU and several of waiting, and the tests create thousands (each sign-up's confirmation mail is
 * a file in the outbox); on tmpfs, a tenth of that and no wait. Files, folders, modes, renames
 * and locks behave the same. Elsewhere, the system's temporary folder as before. A run that was
 * killed leaves its folder (memory) behind: the next run removes those whose process is gone.
 */
function temporaryFilesInMemory(): () => void {
  const memory = "/dev/shm";
  try {
    accessSync(memory, constants.W_OK);
  } catch {
    return () => {};
  }
  for (const name of readdirSync(memory)) {
    const pid = /^mct-tests-(\d+)-/.exec(name)?.[1];
    if (pid && !isRunning(Number(pid))) rmSync(join(memory, name), { recursive: true, force: true });
  }
  const dir = mkdtempSync(join(memory, `mct-tests-${process.pid}-`));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * The migrated embedded database's dump (with pg-boss's schema and the test job clock), made once
 * for a given set of migrations, PGlite and pg-boss version and kept in node_modules/.cache:
 * migrating a new PGlite takes seconds, on every run.
 */
async function pgliteTemplate(): Promise<string> {
  const hash = createHash("sha256");
  const folder = migrationsFolder();
  for (const name of readdirSync(folder, { recursive: true }).map(String).sort()) {
    const path = join(folder, name);
    if (statSync(path).isFile()) hash.update(name).update(readFileSync(path));
  }
  for (const pkg of ["@electric-sql/pglite", "pg-boss"]) {
    hash.update(JSON.parse(readFileSync(`node_modules/${pkg}/package.json`, "utf8")).version);
  }
  hash.update(JOB_SCHEMA_RECIPE);
  const dir = join("node_modules", ".cache", "mct-test-template");
  const file = resolve(dir, `${hash.digest("hex").slice(0, 16)}.tar`);
  if (existsSync(file)) return file;
  const client = await createPglite();
  await migrate(fromPglite(client));
  await installJobSchema(fromPglite(client));
  mkdirSync(dir, { recursive: true });
  // Written under another name first: a run that stops half-way leaves no broken template.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  renameSync(partial, file);
  await client.close();
  return file;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: running, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function adminRows(url: string, statement: string, values: unknown[]) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return (await admin.query<{ datname: string }>(statement, values)).rows;
  } finally {
    await admin.end();
  }
}

export async function adminQuery(url: string, statement: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
