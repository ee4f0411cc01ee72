import { date, index, numeric, pgTable, text, varchar } from "drizzle-orm/pg-core";
import type {
  FeedRoute,
  IntakeMode,
  IntakeSource,
  OutputKind,
  OutputMeasure,
} from "../../../domain/intake-output";
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

const millilitres = (name: string) => numeric(name, { precision: 7, scale: 1, mode: "number" });

/**
 * What went into a child besides the PN bag: a tube feed (its tube, a bolus's volume or a pump's
 * rate and hours, the product and its kcal per mL), a drink by mouth, IV fluids; with the date and
 * time on the family's clock.
 */
export const fluidIntake = pgTable(
  "fluid_intake",
  {
    id: id(),
    familyId: family(),
    childId: requiredChildLink(),
    date: date("date", { mode: "string" }).notNull(),
    time: varchar("time", { length: 5 }),
    source: varchar("source", { length: 16 }).$type<IntakeSource>().notNull(),
    route: varchar("route", { length: 16 }).$type<FeedRoute>(),
    product: text("product"),
    mode: varchar("mode", { length: 16 }).$type<IntakeMode>().notNull(),
    volumeMl: millilitres("volume_ml"),
    rateMlPerHour: numeric("rate_ml_per_hour", { precision: 5, scale: 1, mode: "number" }),
    hours: numeric("hours", { precision: 4, scale: 2, mode: "number" }),
    kcalPerMl: numeric("kcal_per_ml", { precision: 3, scale: 2, mode: "number" }),
    notes: text("notes"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("fluid_intake", t),
    exportDateOrder("fluid_intake", t, t.date),
    index("fluid_intake_page_idx").on(t.familyId, t.childId, t.date.desc(), t.createdAt.desc(), t.id.desc()),
    ownedChildKey("fluid_intake_owner_child_fk", t),
  ],
);

/**
 * What came out of a child: urine, stool, ostomy output, vomit or a drain's, measured in mL,
 * weighed in grams (with a diaper's dry weight), or not measured; with the date and time.
 */
export const fluidOutput = pgTable(
  "fluid_output",
  {
    id: id(),
    familyId: family(),
    childId: requiredChildLink(),
    date: date("date", { mode: "string" }).notNull(),
    time: varchar("time", { length: 5 }),
    kind: varchar("kind", { length: 16 }).$type<OutputKind>().notNull(),
    measure: varchar("measure", { length: 16 }).$type<OutputMeasure>().notNull(),
    amount: millilitres("amount"),
    dryWeightGrams: millilitres("dry_weight_grams"),
    notes: text("notes"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("fluid_output", t),
    exportDateOrder("fluid_output", t, t.date),
    index("fluid_output_page_idx").on(t.familyId, t.childId, t.date.desc(), t.createdAt.desc(), t.id.desc()),
    ownedChildKey("fluid_output_owner_child_fk", t),
  ],
);

/**
 * The limits a child's team set on a day's output (each off while null), kept as they change: the
 * newest set is in force, and a day past one of its limits is a care task the next morning
 * (tasks/sources/fluid-limits.ts).
 */
export const fluidLimits = pgTable(
  "fluid_limits",
  {
    id: id(),
    familyId: family(),
    childId: requiredChildLink(),
    ostomyMaxMlPerKgDay: numeric("ostomy_max_ml_per_kg_day", { precision: 5, scale: 1, mode: "number" }),
    stoolMaxMlPerKgDay: numeric("stool_max_ml_per_kg_day", { precision: 5, scale: 1, mode: "number" }),
    urineMinMlPerKgHour: numeric("urine_min_ml_per_kg_hour", { precision: 4, scale: 2, mode: "number" }),
    setBy: text("set_by"),
    notes: text("notes"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("fluid_limits", t),
    index("fluid_limits_child_idx").on(t.familyId, t.childId, t.createdAt.desc()),
    ownedChildKey("fluid_limits_owner_child_fk", t),
  ],
);
