import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SQL } from "drizzle-orm";
import { inject } from "vitest";
import { createPglite, type Database, fromPglite, openPostgres } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";
import { adminQuery, copyPrefix } from "./global-database";
import { forgetJobs, installJobSchema } from "./job-clock";

let pgliteTemplate: Blob | undefined;

/**
 * The migrated embedded database as a dump to start PGlite from (`loadDataDir`), read once per
 * worker; undefined outside `npm test` (no global setup).
 */
export function migratedPgliteDump(): Blob | undefined {
  const file = inject("pgliteTemplate");
  pgliteTemplate ??= file ? new Blob([readFileSync(file)]) : undefined;
  return pgliteTemplate;
}

let sharedPglite: Promise<Database> | undefined;
/** How many files' databases are the shared one now: the last to drop it forgets its jobs. */
let sharedUsers = 0;

/**
 * A migrated database for one test file. On the PostgreSQL run (TEST_DATABASE_URL), a new
 * database copied from the template, dropped by `drop`. On PGlite, by default the worker's one
 * in-memory database, loaded from the template once: loading one costs about 0.7 s, more than most
 * test files take, and the files share nothing but rows of users each test makes for itself (a
 * file that needs a database of its own, to close it or to see every row of a table, asks for
 * `fresh`). `embedded` asks for a fresh PGlite whatever the setting; `on-disk` one kept in
 * `dataDir`'s `db` folder, as a server keeps it (to see what its files hold). Without a template
 * (outside `npm test`), it migrates its own.
 */
export async function createTestDatabase(
  kind: "configured" | "embedded" | "fresh" | "on-disk" = "configured",
  dataDir?: string,
): Promise<{ database: Database; drop(): Promise<void>; url?: string }> {
  if (kind === "on-disk") {
    if (!dataDir) throw new Error("an embedded database on disk needs a data directory");
    const dir = join(dataDir, "db");
    mkdirSync(dir, { recursive: true });
    const dump = migratedPgliteDump();
    const database = fromPglite(await createPglite(dir, dump ? { loadDataDir: dump } : {}));
    if (!dump) {
      await migrate(database);
      await installJobSchema(database);
    }
    return { database, drop: () => database.close() };
  }
  const url = kind === "embedded" ? undefined : process.env.TEST_DATABASE_URL;
  if (!url && kind === "configured") {
    sharedPglite ??= createTestDatabase("fresh").then(({ database }) => database);
    const shared = await sharedPglite;
    sharedUsers += 1;
    let dropped = false;
    // Closed with the worker, not with the file.
    return {
      database: { ...shared, close: async () => {} },
      async drop() {
        if (dropped) return;
        dropped = true;
        sharedUsers -= 1;
        if (sharedUsers === 0) await forgetJobs(shared.db);
      },
    };
  }
  if (!url) {
    const dump = migratedPgliteDump();
    const database = fromPglite(await createPglite(undefined, dump ? { loadDataDir: dump } : {}));
    if (!dump) {
      await migrate(database);
      await installJobSchema(database);
    }
    return { database, drop: () => database.close() };
  }
  const template = inject("postgresTemplate");
  // Named after the run's template: the run's end drops any its files left (global-database.ts).
  const name = `${template ? copyPrefix(template) : "mct_test_"}${randomBytes(6).toString("hex")}`;
  await adminQuery(
    url,
    template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
  );
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.href);
  if (!template) {
    await migrate(database);
    await installJobSchema(database);
  }
  return {
    database,
    /** The database's own address (PostgreSQL only), for a second connection to it. */
    url: target.href,
    async drop() {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Runs raw SQL in a test and returns its rows (for checking what was stored). */
export async function queryRows(database: Database, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}
