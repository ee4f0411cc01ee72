import { formatDateTime } from "@/client/lib/format";
import type { BackupRun, BackupStatus } from "@/domain/backups";
import { formatByteSize } from "@/domain/storage";

const count = (n: number | null, one: string, many: string) =>
  `${(n ?? 0).toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** "6 MB · 1,234 records · 5 photos": what a good backup holds. */
function contents(run: BackupRun): string {
  return [
    formatByteSize(run.sizeBytes ?? 0),
    count(run.records, "record", "records"),
    count(run.photos, "photo", "photos"),
  ].join(" · ");
}

/**
 * What the Backups card says, on the family's clock: the last backup (or why it failed, and the
 * last good one), and when the server makes them.
 */
export function backupTexts(status: BackupStatus): {
  state: "ok" | "failed" | "none";
  headline: string;
  details: string[];
  schedule: string;
} {
  const { last, lastGood } = status;
  const schedule = status.schedule
    ? `The server makes one every night at ${status.schedule} (its clock: ${status.serverTimeZone})${
        status.nextAt ? `; the next on ${formatDateTime(status.nextAt)}` : ""
      }.`
    : "Nightly backups are off on this server (BACKUP_SCHEDULE=off).";
  if (!last) return { state: "none", headline: "No backup has been made yet.", details: [], schedule };
  if (last.ok) {
    return {
      state: "ok",
      headline: `Last backup ${formatDateTime(last.at)}, opened again and checked.`,
      details: [contents(last)],
      schedule,
    };
  }
  return {
    state: "failed",
    headline: `The last backup failed, ${formatDateTime(last.at)}.`,
    details: [
      last.message ?? "The server's log says why.",
      lastGood
        ? `The last good backup: ${formatDateTime(lastGood.at)} (${contents(lastGood)}).`
        : "No backup has been made yet.",
      "Whoever runs the server can see why in its log, and fix it.",
    ],
    schedule,
  };
}
