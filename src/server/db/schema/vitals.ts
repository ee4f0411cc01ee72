import { date, index, numeric, pgTable, text, varchar } from "drizzle-orm/pg-core";
import type { TemperatureSite, VitalKind } from "../../../domain/vitals";
import { ownedChildKey, requiredChildLink } from "./child-link";
import {
  createdAt,
  createdBy,
  exportDateOrder,
  exportOrder,
  family,
  id,
  updatedAt,
  updatedBy,
  version,
} from "./columns";

/**
 * A child's vitals: a temperature (°C, with its site), a weight (kg), a length or height (cm), a
 * head circumference (cm); each with the date and time on the family's clock.
 */
export const vitals = pgTable(
  "vitals",
  {
    id: id(),
    familyId: family(),
    childId: requiredChildLink(),
    date: date("date", { mode: "string" }).notNull(),
    time: varchar("time", { length: 5 }),
    kind: varchar("kind", { length: 24 }).$type<VitalKind>().notNull(),
    value: numeric("value", { precision: 7, scale: 3, mode: "number" }).notNull(),
    site: varchar("site", { length: 16 }).$type<TemperatureSite>(),
    notes: text("notes"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("vitals", t),
    exportDateOrder("vitals", t, t.date),
    index("vitals_child_kind_idx").on(t.familyId, t.childId, t.kind, t.date),
    index("vitals_page_idx").on(t.familyId, t.childId, t.date.desc(), t.createdAt.desc(), t.id.desc()),
    ownedChildKey("vitals_owner_child_fk", t),
  ],
);
