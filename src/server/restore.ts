import { resolve } from "node:path";
import { ConfigError, loadConfig } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { serverRunsOn } from "./lib/command-socket";
import { BackupError } from "./modules/backups/backup-archive";
import { restoreInstallation } from "./modules/backups/restore-installation";
import { nodeVersionProblem } from "./node-version";

const USAGE = `Restores a backup of the whole installation (a mct-backup-*.zip from BACKUP_DIR) into the
configured database (DATA_DIR, or DATABASE_URL) and photo storage, which must be empty.

  npm run restore -- <archive> [--replace]
  node /app/dist/server/restore.js <archive> [--replace]     (in the container)

--replace  restore over what is there: the embedded database and photos on the disk are set
           aside in DATA_DIR/before-restore-<time>/; PostgreSQL's tables are dropped.
Stop the server first.`;

async function main(): Promise<boolean> {
  const tooOld = nodeVersionProblem(process.version);
  if (tooOld) throw new ConfigError(tooOld);
  const args = process.argv.slice(2);
  const files = args.filter((arg) => !arg.startsWith("--"));
  const unknown = args.filter((arg) => arg.startsWith("--") && arg !== "--replace");
  if (files.length !== 1 || unknown.length > 0 || args.includes("--help")) {
    console.error(USAGE);
    return false;
  }
  const config = loadConfig();
  if (await serverRunsOn(config.dataDir)) {
    throw new BackupError(`A server is running on ${config.dataDir}: stop it, then restore`);
  }
  await restoreInstallation({
    config,
    file: resolve(files[0]!),
    replace: args.includes("--replace"),
    say: (line) => console.log(line),
  });
  console.log("Done: start the server.");
  return true;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupError) {
      console.error(error.message);
    } else console.error("The restore did not finish:", error);
    process.exit(1);
  },
);
