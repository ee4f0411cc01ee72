import { ConfigError, loadConfig } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { openDatabase } from "./db/open";
import { sendCommand } from "./lib/command-socket";
import { systemClock } from "./lib/session-store";
import { BackupError } from "./modules/backups/backup-archive";
import { backupNow } from "./modules/backups/make-backup";
import { nodeVersionProblem } from "./node-version";
import { createStorage } from "./storage/create-storage";

/**
 * `npm run backup` (in the container: `node /app/dist/server/backup.js`): one backup of the whole
 * installation now, as the nightly one is made, into BACKUP_DIR. A server running on this DATA_DIR
 * makes it (the embedded database is its alone); with none, this process opens the database itself.
 * Exits 0 once the archive is written and checked, 1 otherwise.
 */
async function main() {
  const tooOld = nodeVersionProblem(process.version);
  if (tooOld) throw new ConfigError(tooOld);
  const config = loadConfig();
  const answer = await sendCommand(config.dataDir, "backup");
  if (answer) {
    console.log("The server running on this data directory made it:");
    for (const line of answer.lines) console.log(line);
    return answer.ok;
  }
  const { database, release } = await openDatabase(config, (message) => console.warn(message));
  try {
    const made = await backupNow({
      db: database.db,
      config,
      storage: createStorage(config),
      clock: systemClock,
      // What went wrong is printed below.
      log: { info: () => {}, warn: (message) => console.warn(message), error: () => {} },
    });
    for (const line of made.lines) console.log(line);
    return made.ok;
  } finally {
    await database.close();
    release();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupError) {
      console.error(error.message);
    } else console.error("The backup could not be made:", error);
    process.exit(1);
  },
);
