import { bigint, boolean, index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { id } from "./columns";

/**
 * Each backup of the whole installation the server made or tried (modules/backups): the nightly
 * one and those made on demand (`npm run backup`). Written once the backup is over, so a restored
 * installation's history holds only finished ones. Settings shows the owners the latest; two
 * nights without a good one tell them (`ownersTold` says which failure did, once for a run of them).
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: id(),
    /** "nightly": the scheduler's (BACKUP_SCHEDULE); "manual": asked for (`npm run backup`). */
    trigger: varchar("trigger", { length: 16 }).$type<"nightly" | "manual">().notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull(),
    /** The archive was written, opened again and matched its manifest. */
    ok: boolean("ok").notNull(),
    /** The archive's file name where BACKUP_DIR keeps it (a good backup). */
    archive: text("archive"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    /** Rows of the app's tables in the archive, and photo files. */
    records: integer("records"),
    photos: integer("photos"),
    /** Why it failed, in words for whoever runs the server (no record's content). */
    message: text("message"),
    ownersTold: boolean("owners_told").notNull().default(false),
  },
  (t) => [index("backup_runs_finished_idx").on(t.finishedAt)],
);
