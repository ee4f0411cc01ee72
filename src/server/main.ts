import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { gatherPlannerStatistics } from "./db/client";
import { DataDirLockedError } from "./db/data-dir-lock";
import { openDatabase } from "./db/open";
import { listenForCommands } from "./lib/command-socket";
import { systemClock } from "./lib/session-store";
import { backupNow } from "./modules/backups/make-backup";
import { nodeVersionProblem } from "./node-version";
import { createStorage } from "./storage/create-storage";

/** The built client sits beside the built server: dist/server/main.js and dist/client/. */
function clientDir() {
  return join(dirname(fileURLToPath(import.meta.url)), "..", "client");
}

async function main() {
  const tooOld = nodeVersionProblem(process.version);
  if (tooOld) {
    console.error(tooOld);
    process.exit(1);
  }
  const config = loadConfig();
  const warnings: string[] = [];
  const { database, release } = await openDatabase(config, (message) => warnings.push(message));
  // Then every hour, as a recurring job (housekeeping.ts).
  await gatherPlannerStatistics(database.db);

  const app = await buildApp({ config, db: database.db, clientDir: process.env.CLIENT_DIR ?? clientDir() });
  for (const warning of warnings) app.log.warn(warning);
  // `npm run backup` on this machine asks this process, which holds the database (lib/command-socket.ts).
  let stopCommands = async () => {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await stopCommands();
      await app.close();
      await database.close();
    } finally {
      release();
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  stopCommands = await listenForCommands(
    config.dataDir,
    {
      backup: () =>
        backupNow({
          db: database.db,
          config,
          storage: createStorage(config),
          clock: systemClock,
          log: {
            info: (message) => app.log.info(message),
            warn: (message) => app.log.warn(message),
            error: (message) => app.log.error(message),
          },
        }),
    },
    (message) => app.log.warn(message),
  );
  app.log.info(
    `Medical Care Tracker is running at ${config.publicUrl ?? `http://localhost:${config.port}`} ` +
      `on ${database.kind === "pglite" ? `the embedded database in ${config.dataDir}` : "PostgreSQL"}`,
  );
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("The server could not start:", error);
  }
  process.exit(1);
});
