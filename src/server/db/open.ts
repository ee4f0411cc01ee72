import type { Config } from "../config";
import { type Database, openPglite, openPostgres, prepareDataDir } from "./client";
import { lockDataDir } from "./data-dir-lock";
import { migrate } from "./migrate";

/**
 * Opens the configured database and applies pending migrations: PostgreSQL when DATABASE_URL is
 * set, else the embedded one in DATA_DIR (locked to this process). `release` frees the lock.
 */
export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  warn: (message: string) => void = console.warn,
): Promise<{ database: Database; release: () => void }> {
  prepareDataDir(config.dataDir, warn);
  if (config.databaseUrl) {
    const database = openPostgres(config.databaseUrl);
    await migrate(database);
    return { database, release: () => {} };
  }
  const release = lockDataDir(config.dataDir);
  try {
    const database = await openPglite(config.dataDir);
    await migrate(database);
    return { database, release };
  } catch (error) {
    release();
    throw error;
  }
}
