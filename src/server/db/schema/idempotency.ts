import { char, index, pgTable, primaryKey, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
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

/**
 * Every id an owned record was ever given, across every record type and family: a device makes a
 * record's id itself (an entry saved offline), so the same create may arrive twice, and an id may
 * only ever name one record. Written in the create's transaction, before the record: a second
 * create with the same id waits for the first, then finds its claim. Kept after the record is
 * deleted (a create sent again after that is not a new record) and removed with the family.
 */
export const recordIds = pgTable(
  "record_ids",
  {
    id: uuid("id").primaryKey(),
    familyId: family(),
    /** The record type (its audit name, "symptom_entry"): an id names a record of one type. */
    entity: varchar("entity", { length: 64 }).notNull(),
    /**
     * The SHA-256 (hex) of the create's route and body, as checked, without the id and a
     * confirmation: the same id sent with another body is refused. Null for an id the server
     * made (no client can send the same body with it).
     */
    bodyHash: char("body_hash", { length: 64 }),
    createdAt: createdAt(),
    /**
     * When its record was deleted: the hash goes then (nothing of a deleted record's content
     * stays), the id stays taken, and a create sent with it again is answered 410.
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  // A family's claims of one type: those whose records went with a deleted child, supply or task.
  (t) => [index("record_ids_family_entity_idx").on(t.familyId, t.entity)],
);
