/**
 * Writes the API's description (what `GET /api/openapi.json` answers) to a file, from the app built
 * on a temporary embedded database, for tools that read it offline (`npm run lint:openapi` lints
 * it with Redocly).
 *   tsx scripts/write-openapi.ts [file]     (default dist/openapi.json)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { createPglite, fromPglite } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";

const file = resolve(process.argv[2] ?? "dist/openapi.json");
const dataDir = mkdtempSync(join(tmpdir(), "mct-openapi-"));
const database = fromPglite(await createPglite(undefined));
try {
  await migrate(database);
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "openapi".repeat(8) });
  const app = await buildApp({ config, db: database.db, logger: false, jobs: { manual: true } });
  try {
    await app.ready();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
    console.log(`wrote ${file}`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
