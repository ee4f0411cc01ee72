import { sql } from "drizzle-orm";
import { type ExtraConfigColumn, index, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Primary key shared by every table: a random UUID, so ids cannot be guessed or enumerated. */
export const id = () => uuid("id").primaryKey().defaultRandom();

/** The owner of a record. Deleting the user deletes everything they own. */
export const owner = () =>
  uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`);

/**
 * The order an export reads a table's records in, a page at a time: by owner, then creation
 * time and id. Without it each page of a long history is a scan and a sort of the whole
 * history (270 ms a page for 58,000 TPN entries on the embedded database, which blocks the
 * process while it runs).
 */
export const exportOrder = (
  table: string,
  t: { userId: ExtraConfigColumn; createdAt: ExtraConfigColumn; id: ExtraConfigColumn },
) => index(`${table}_export_idx`).on(t.userId, t.createdAt, t.id);

/**
 * The order the readable exports (a spreadsheet, a report) read a dated table in, a page at a
 * time: by owner, then the record's own date, creation time and id, so a nurse reads the nights
 * in the order they happened, and each page is a range of this index, not a sort of the history.
 */
export const exportDateOrder = (
  table: string,
  t: { userId: ExtraConfigColumn; createdAt: ExtraConfigColumn; id: ExtraConfigColumn },
  date: ExtraConfigColumn,
) => index(`${table}_export_date_idx`).on(t.userId, date, t.createdAt, t.id);
