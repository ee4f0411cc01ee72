import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, family } from "./columns";
import { users } from "./users";

/**
 * A restore of a backup, written in steps (one transaction per few hundred records, so the
 * embedded database keeps answering everybody else). The row is the restore's journal: each step
 * commits its records and the new `written` counts together, so it always says exactly which
 * records exist; a restore that fails or whose process stops (`updatedAt` no longer moves) is
 * undone from it (the restored records' ids follow from the restore's id and their place in the
 * file). At most one restore of a family writes at a time.
 */
export const restoreJobs = pgTable(
  "restore_jobs",
  {
    id: uuid("id").primaryKey(),
    familyId: family(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    state: varchar("state", { length: 16 }).$type<"writing" | "undoing" | "done" | "failed">().notNull(),
    /** Records to write, and written so far (for the progress bar). */
    total: integer("total").notNull(),
    processed: integer("processed").notNull().default(0),
    /** Per section: how many records the file holds, and how many of them (in file order) are written. */
    totals: jsonb("totals").$type<Record<string, number>>().notNull(),
    written: jsonb("written").$type<Record<string, number>>().notNull().default({}),
    /** What was restored, once done: the import report. */
    report: jsonb("report"),
    /** Why it failed, in words for the person who started it. */
    message: text("message"),
    createdAt: createdAt(),
    /** Moves with every step: a restore whose time stands still has lost its process. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("restore_jobs_user_idx").on(t.familyId, t.createdAt),
    uniqueIndex("restore_jobs_one_running_key")
      .on(t.familyId)
      .where(sql`${t.state} in ('writing', 'undoing')`),
  ],
);
