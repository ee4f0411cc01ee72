import { formatStamp } from "../../../domain/clock";
import type { AppContext, ModuleJobs } from "../../app-context";
import { deliverTo } from "../notifications/deliver";
import { isNight, nextNight, nightsBetween } from "./backup-schedule";
import {
  type BackupRunRow,
  failuresSince,
  familyOwners,
  latestRuns,
  markOwnersTold,
  pruneRuns,
} from "./backups.queries";
import { type BackupDeps, makeBackup } from "./make-backup";

/** The nightly backup's queue, and its one key: one job waits, for the next night. */
export const BACKUP_QUEUE = "backups";
export const NIGHTLY = "nightly";
/** Nights in a row without a good backup after which the owners are told. */
export const NIGHTS_BEFORE_TELLING = 2;

/** What a backup needs of the app. */
export const backupDeps = (context: AppContext): BackupDeps => ({
  db: context.db,
  config: context.config,
  storage: context.storage,
  clock: context.clock,
  log: {
    info: (message) => context.log.info(message),
    warn: (message) => context.log.warn(message),
    error: (message) => context.log.error(message),
  },
});

/**
 * The nightly backup: a job at the next BACKUP_SCHEDULE time on the server's clock, which queues
 * the following night's as it starts (so a backup that fails, or a process that stops half-way,
 * does not end the schedule). It is not tried again the same night: the failure is recorded, shown
 * in Settings, and after `NIGHTS_BEFORE_TELLING` nights without a good backup the owners are told.
 */
export const backupJobs: ModuleJobs = (context) => {
  const { scheduler, config } = context;
  scheduler.work(
    BACKUP_QUEUE,
    async ({ now }) => {
      const { schedule, timeZone } = config.backup;
      if (schedule) await scheduler.schedule(BACKUP_QUEUE, NIGHTLY, nextNight(now, schedule, timeZone), null);
      const run = await makeBackup(backupDeps(context), "nightly");
      if (!run.ok) await tellOwnersWhenMissed(context, run, now);
      await pruneRuns(context.db, now);
    },
    // A large installation's archive takes a while; a failed night is not run again.
    { retryLimit: 0, expireInSeconds: 6 * 60 * 60 },
  );
};

/**
 * Once the scheduler runs: the next night's job queued, unless one of this schedule waits (one due
 * while no server ran is made up now, once); a job of another schedule is moved; none with
 * BACKUP_SCHEDULE=off.
 */
export async function scheduleNightlyBackup(context: AppContext): Promise<void> {
  const { scheduler, config, clock } = context;
  const { schedule, timeZone } = config.backup;
  const waiting = await scheduler.scheduled(BACKUP_QUEUE, NIGHTLY);
  if (!schedule) {
    if (waiting) await scheduler.cancel(BACKUP_QUEUE, NIGHTLY);
    return;
  }
  if (waiting && isNight(waiting.runAt, schedule, timeZone)) return;
  await scheduler.schedule(BACKUP_QUEUE, NIGHTLY, nextNight(clock(), schedule, timeZone), null);
}

/**
 * After a failed nightly backup: the nights a backup was due since the last good one (or the failed
 * nights, before any was good); at `NIGHTS_BEFORE_TELLING`, every family's owners are told in
 * their inbox and on their channels, once for a run of failures.
 */
async function tellOwnersWhenMissed(context: AppContext, run: BackupRunRow, now: Date): Promise<void> {
  const { db, config } = context;
  const { schedule, timeZone } = config.backup;
  if (!schedule) return;
  const { lastGood } = await latestRuns(db);
  const since = await failuresSince(db, lastGood?.finishedAt);
  const missed = lastGood ? nightsBetween(lastGood.finishedAt, now, schedule, timeZone) : since.failed;
  if (missed < NIGHTS_BEFORE_TELLING || since.told) return;
  await markOwnersTold(db, run.id);
  for (const owner of await familyOwners(db)) {
    const last = lastGood
      ? `The last good one was made ${formatStamp(lastGood.finishedAt, owner.timeZone, owner.timeFormat)}.`
      : "None has been made yet.";
    await deliverTo(
      db,
      context.notify,
      {
        familyId: owner.familyId,
        userId: owner.userId,
        step: 1,
        title: "Backups are failing",
        body: `No backup of this app's data was made on the last ${missed} nights. ${last} Settings says why; whoever runs the server can fix it.`,
        urgent: false,
        url: "/settings",
      },
      // Nothing of anyone's care is in these words: they go out as they are.
      { plainWords: true },
    );
  }
}
