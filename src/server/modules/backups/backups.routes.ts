import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { backupStatusRecord } from "../../../domain/backups";
import type { ModuleRoutes } from "../../app-context";
import { BACKUP_QUEUE, NIGHTLY } from "./backups.jobs";
import type { BackupRunRow } from "./backups.queries";
import { latestRuns } from "./backups.queries";

const runRecord = (run: BackupRunRow | undefined) =>
  run
    ? {
        at: run.finishedAt,
        ok: run.ok,
        trigger: run.trigger,
        sizeBytes: run.sizeBytes,
        records: run.records,
        photos: run.photos,
        message: run.message,
      }
    : null;

/**
 * `GET /api/backups`: how the installation's backups go, for a family's owners (Settings): the
 * schedule, the next night's, the latest backup and the latest good one.
 */
export const backupRoutes: ModuleRoutes = (scope, { db, config, scheduler }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/backups",
    { config: { access: "manage" }, schema: { response: { 200: backupStatusRecord } } },
    async () => {
      const { schedule, timeZone } = config.backup;
      const { last, lastGood } = await latestRuns(db);
      const next = schedule ? await scheduler.scheduled(BACKUP_QUEUE, NIGHTLY) : undefined;
      return {
        schedule: schedule
          ? `${String(schedule.hour).padStart(2, "0")}:${String(schedule.minute).padStart(2, "0")}`
          : null,
        serverTimeZone: timeZone,
        nextAt: next?.runAt ?? null,
        last: runRecord(last),
        lastGood: runRecord(lastGood),
      };
    },
  );
};
