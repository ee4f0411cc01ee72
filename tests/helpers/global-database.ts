import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createPglite, fromPglite, openPostgres } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";

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
  const dir = mkdtempSync(join(tmpdir(), "mct-template-"));
  const file = join(dir, "pglite.tar");
  const client = await createPglite();
  await migrate(fromPglite(client));
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await client.close();
  project.provide("pgliteTemplate", file);
  const removeDir = () => rmSync(dir, { recursive: true, force: true });

  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide("postgresTemplate", "");
    return removeDir;
  }
  const name = `mct_template_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.href);
  await migrate(database);
  await database.close();
  project.provide("postgresTemplate", name);
  return async () => {
    removeDir();
    await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
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
