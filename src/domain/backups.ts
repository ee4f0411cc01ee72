import { z } from "zod";
import { timestamp, type Wire } from "./records";

/**
 * The backups of the whole installation, as Settings shows them to a family's owners: the server
 * makes one every night (BACKUP_SCHEDULE), keeps it where its operator said (BACKUP_DIR) and says
 * here whether the last one worked.
 */

/** One backup the server made or tried. */
export const backupRunRecord = z.object({
  /** When it was over. */
  at: timestamp,
  ok: z.boolean(),
  /** "nightly": on the schedule; "manual": asked for on the server (`npm run backup`). */
  trigger: z.enum(["nightly", "manual"]),
  sizeBytes: z.number().int().nonnegative().nullable(),
  records: z.number().int().nonnegative().nullable(),
  photos: z.number().int().nonnegative().nullable(),
  /** Why it failed, in words for whoever runs the server. */
  message: z.string().nullable(),
});

/** `GET /api/backups`. */
export const backupStatusRecord = z.object({
  /** The time of day the nightly backup runs on the server's clock ("03:30"), or null when they are off. */
  schedule: z.string().nullable(),
  /** The server's time zone, which `schedule` is read in. */
  serverTimeZone: z.string(),
  /** When the next nightly backup is due (null when none is). */
  nextAt: timestamp.nullable(),
  /** The latest backup made or tried, and the latest good one (null: none yet). */
  last: backupRunRecord.nullable(),
  lastGood: backupRunRecord.nullable(),
});
export type BackupStatus = Wire<typeof backupStatusRecord>;
export type BackupRun = Wire<typeof backupRunRecord>;
