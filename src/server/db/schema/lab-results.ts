import { boolean, date, index, integer, jsonb, pgTable, text, uuid, varchar } from "drizzle-orm/pg-core";
import type { PanelAnalyte, PanelUnit } from "../../../domain/lab-panels";
import type { AnalyteResult, DrawSite, FastingState, PnTiming } from "../../../domain/lab-results";
import { labTests } from "./care-records";
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
 * A child's lab result with numbers (src/domain/lab-results.ts): one draw, with its context, and
 * its analytes as one list (each with value, unit, range and flag; checked by the domain's schema
 * on every write, never queried apart). It may belong to a lab test of the Lab Tests screen.
 */
export const labResults = pgTable(
  "lab_results",
  {
    id: id(),
    familyId: family(),
    childId: requiredChildLink(),
    labTestId: uuid("lab_test_id").references(() => labTests.id, { onDelete: "set null" }),
    date: date("date", { mode: "string" }).notNull(),
    time: varchar("time", { length: 5 }),
    drawSite: varchar("draw_site", { length: 16 }).$type<DrawSite>(),
    pnTiming: varchar("pn_timing", { length: 16 }).$type<PnTiming>(),
    fasting: varchar("fasting", { length: 8 }).$type<FastingState>(),
    labName: text("lab_name"),
    notes: text("notes"),
    analytes: jsonb("analytes").$type<AnalyteResult[]>().notNull(),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("lab_results", t),
    exportDateOrder("lab_results", t, t.date),
    index("lab_results_owner_idx").on(t.familyId, t.childId, t.date),
    index("lab_results_lab_test_idx").on(t.labTestId),
    ownedChildKey("lab_results_owner_child_fk", t),
  ],
);

/**
 * A panel of a child's lab schedule (src/domain/lab-panels.ts): its analytes as one list (keys of
 * the catalogue or typed names, checked by the domain's schema), every N weeks or months from its
 * first due date, how to draw it, and the source a suggested panel's interval came from. Its next
 * due date is not stored: it is read from the child's lab results each time (tasks/sources/lab-panels.ts).
 */
export const labPanels = pgTable(
  "lab_panels",
  {
    id: id(),
    familyId: family(),
    childId: requiredChildLink(),
    name: text("name").notNull(),
    analytes: jsonb("analytes").$type<PanelAnalyte[]>().notNull(),
    every: integer("every").notNull(),
    unit: varchar("unit", { length: 8 }).$type<PanelUnit>().notNull(),
    firstDue: date("first_due", { mode: "string" }).notNull(),
    instructions: text("instructions"),
    source: text("source"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("lab_panels", t),
    index("lab_panels_owner_idx").on(t.familyId, t.childId),
    ownedChildKey("lab_panels_owner_child_fk", t),
  ],
);
