import { sql } from "drizzle-orm";
import { timestamp, uuid } from "drizzle-orm/pg-core";
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
