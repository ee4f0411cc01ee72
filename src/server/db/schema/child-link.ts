import { foreignKey, type PgColumn, uuid } from "drizzle-orm/pg-core";
import { children } from "./children";

/** An optional link to one of the owner's children; cleared, not cascaded, when the child is deleted. */
export const childLink = () => uuid("child_id").references(() => children.id, { onDelete: "set null" });

/** A required link to a child; the table adds `ownedChildKey` so it can only be the owner's child. */
export const requiredChildLink = () => uuid("child_id").notNull();

/**
 * The foreign key of a required child link on (owner, child): the database itself refuses a link
 * to another owner's child, and the records go with their child.
 */
export const ownedChildKey = (name: string, t: { userId: PgColumn; childId: PgColumn }) =>
  foreignKey({
    name,
    columns: [t.userId, t.childId],
    foreignColumns: [children.userId, children.id],
  }).onDelete("cascade");
