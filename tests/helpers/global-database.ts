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
 * Migrates one database before the test files run, so that each file copies a ready schema
 * instead of creating and migrating its own (PGlite's start-up and migration cost seconds a file).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), "mct-template-"));
    const file = join(dir, "pglite.tar");
    const client = await createPglite();
    await migrate(fromPglite(client));
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
    await client.close();
    project.provide("pgliteTemplate", file);
    project.provide("postgresTemplate", "");
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `mct_template_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.href);
  await migrate(database);
  await database.close();
  project.provide("pgliteTemplate", "");
  project.provide("postgresTemplate", name);
  return () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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
