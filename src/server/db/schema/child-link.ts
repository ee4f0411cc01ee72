import { uuid } from "drizzle-orm/pg-core";
import { children } from "./children";

/** An optional link to one of the owner's children; cleared, not cascaded, when the child is deleted. */
export const childLink = () => uuid("child_id").references(() => children.id, { onDelete: "set null" });

/** A required link to a child; records that only make sense for that child go with it. */
export const requiredChildLink = () =>
  uuid("child_id")
    .notNull()
    .references(() => children.id, { onDelete: "cascade" });
