import { sql } from "drizzle-orm";
import { type ExtraConfigColumn, index, integer, timestamp, uuid } from "drizzle-orm/pg-core";
import { families } from "./family";
import { users } from "./users";

/** Primary key shared by every table: a random UUID, so ids cannot be guessed or enumerated. */
export const id = () => uuid("id").primaryKey().defaultRandom();

/** The family a record belongs to. Deleting the family deletes everything it owns. */
export const family = () =>
  uuid("family_id")
    .notNull()
    .references(() => families.id, { onDelete: "cascade" });

/** Who added a record; null once that person's account is gone (or for a restored record). */
export const createdBy = () => uuid("created_by").references(() => users.id, { onDelete: "set null" });

/** Who last changed a record (who added it, until it is changed). */
export const updatedBy = () => uuid("updated_by").references(() => users.id, { onDelete: "set null" });

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * How many times a record has been written: 1 when it is added, one more with every change. A
 * device that edits a record it read offline sends the version it read (`If-Match`), and a
 * change someone made meanwhile is answered 412 instead of being overwritten.
 */
export const version = () => integer("version").notNull().default(1);

export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`);

/**
 * The order an export reads a table's records in, a page at a time: by family, then creation
 * time and id. Without it each page of a long history is a scan and a sort of the whole
 * history (270 ms a page for 58,000 TPN entries on the embedded database, which blocks the
 * process while it runs).
 */
export const exportOrder = (
  table: string,
  t: { familyId: ExtraConfigColumn; createdAt: ExtraConfigColumn; id: ExtraConfigColumn },
) => index(`${table}_export_idx`).on(t.familyId, t.createdAt, t.id);

/**
 * The order the readable exports (a spreadsheet, a report) read a dated table in, a page at a
 * time: by owner, then the record's own date, creation time and id, so a nurse reads the nights
 * in the order they happened, and each page is a range of this index, not a sort of the history.
 */
export const exportDateOrder = (
  table: string,
  t: { familyId: ExtraConfigColumn; createdAt: ExtraConfigColumn; id: ExtraConfigColumn },
  date: ExtraConfigColumn,
) => index(`${table}_export_date_idx`).on(t.familyId, date, t.createdAt, t.id);
