import { pgTable, primaryKey, text, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, family } from "./columns";

/**
 * The creates sent with an `Idempotency-Key` header, per family: a client that lost the answer
 * (the connection dropped mid-save) sends the same request again with the same key, and gets the
 * record made the first time instead of a second one. The key row is written in the create's
 * transaction, before the record, so a concurrent second request waits for the first and then
 * finds its record.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    familyId: family(),
    key: varchar("key", { length: 100 }).notNull(),
    /** The collection the create was sent to ("/api/symptoms"): a key answers for that one only. */
    path: text("path").notNull(),
    /** The record made; no foreign key (records of every type), a deleted one is answered as gone. */
    recordId: uuid("record_id"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.familyId, t.key] })],
);
