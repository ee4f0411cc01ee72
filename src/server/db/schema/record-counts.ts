import { integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { family } from "./columns";

/**
 * How many records of one kind a family has, per child (`child_id` null: linked to no child), for
 * the dashboard's counts. Kept by triggers on the counted tables in the same statement as each
 * insert, delete or change of child (migration 0010), so the counts are exact at any history size
 * and whichever path wrote the records: the API, a restore, a child's or an account's deletion.
 */
export const recordCounts = pgTable(
  "record_counts",
  {
    familyId: family(),
    /** The counted table's name. */
    entity: text("entity").notNull(),
    /** No foreign key: a deleted child's counters fall to zero as its records go. */
    childId: uuid("child_id"),
    n: integer("n").notNull().default(0),
  },
  (t) => [unique("record_counts_key").on(t.familyId, t.entity, t.childId).nullsNotDistinct()],
);
