import { foreignKey, type PgColumn, uuid } from "drizzle-orm/pg-core";
import { children } from "./children";

/** An optional link to one of the family's children; cleared, not cascaded, when the child is deleted. */
export const childLink = () => uuid("child_id").references(() => children.id, { onDelete: "set null" });

/** A required link to a child; the table adds `ownedChildKey` so it can only be the family's child. */
export const requiredChildLink = () => uuid("child_id").notNull();

/**
 * The foreign key of a required child link on (family, child): the database itself refuses a link
 * to another family's child, and the records go with their child.
 */
export const ownedChildKey = (name: string, t: { familyId: PgColumn; childId: PgColumn }) =>
  foreignKey({
    name,
    columns: [t.familyId, t.childId],
    foreignColumns: [children.familyId, children.id],
  }).onDelete("cascade");
