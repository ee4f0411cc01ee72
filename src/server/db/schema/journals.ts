import { sql } from "drizzle-orm";
import {
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { DoseStatus, ScheduleKind } from "../../../domain/doses";
import type { MealType } from "../../../domain/food-diary";
import type { NoteCategory, NotePriority } from "../../../domain/notes";
import { childLink } from "./child-link";
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

export const notes = pgTable(
  "notes",
  {
    id: id(),
    familyId: family(),
    childId: childLink(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    category: varchar("category", { length: 16 }).$type<NoteCategory>().notNull().default("general"),
    tags: text("tags").array().notNull().default([]),
    priority: varchar("priority", { length: 8 }).$type<NotePriority>().notNull().default("medium"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("notes_owner_idx").on(t.familyId, t.createdAt),
    index("notes_page_idx").on(t.familyId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const physicalTherapySessions = pgTable(
  "physical_therapy_sessions",
  {
    id: id(),
    familyId: family(),
    childId: childLink(),
    date: date("date", { mode: "string" }).notNull(),
    time: varchar("time", { length: 5 }),
    therapist: text("therapist").notNull(),
    location: text("location"),
    exercises: text("exercises").array().notNull().default([]),
    duration: integer("duration"),
    progress: text("progress"),
    notes: text("notes"),
    nextSession: date("next_session", { mode: "string" }),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("physical_therapy_sessions", t),
    exportDateOrder("physical_therapy_sessions", t, t.date),
    index("physical_therapy_sessions_owner_idx").on(t.familyId, t.childId, t.date),
  ],
);

export const medications = pgTable(
  "medications",
  {
    id: id(),
    familyId: family(),
    childId: childLink(),
    name: text("name").notNull(),
    dosage: text("dosage").notNull(),
    frequency: text("frequency").notNull(),
    prescribedBy: text("prescribed_by"),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    purpose: text("purpose"),
    sideEffects: text("side_effects").array().notNull().default([]),
    instructions: text("instructions"),
    /** The text 'true' or 'false', as the spec's client sends it. */
    isActive: varchar("is_active", { length: 5 }).$type<"true" | "false">().notNull().default("true"),
    notes: text("notes"),
    /** How it is given: "By mouth", "G-tube" (src/domain/doses.ts lists the usual ones). */
    route: text("route"),
    /** The schedule doses are given by (src/domain/doses.ts); none: the frequency text alone. */
    scheduleKind: varchar("schedule_kind", { length: 16 }).$type<ScheduleKind>(),
    scheduleTimes: text("schedule_times").array(),
    intervalHours: numeric("interval_hours", { precision: 5, scale: 2, mode: "number" }),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("medications", t),
    index("medications_owner_idx").on(t.familyId, t.childId, t.createdAt),
    unique("medications_family_id_key").on(t.familyId, t.id),
  ],
);

/**
 * A dose of a medication, given or skipped, at an instant (`givenAt`), kept also as the date and
 * time of day on the family's clock when it was recorded, so lists and exports read it by day. Its
 * child is its medication's, kept in step (src/server/modules/medication-doses).
 */
export const medicationDoses = pgTable(
  "medication_doses",
  {
    id: id(),
    familyId: family(),
    childId: childLink(),
    medicationId: uuid("medication_id").notNull(),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull(),
    date: date("date", { mode: "string" }).notNull(),
    time: varchar("time", { length: 5 }).notNull(),
    status: varchar("status", { length: 8 }).$type<DoseStatus>().notNull().default("given"),
    amount: text("amount"),
    reason: text("reason"),
    notes: text("notes"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("medication_doses", t),
    exportDateOrder("medication_doses", t, t.date),
    index("medication_doses_medication_idx").on(t.familyId, t.medicationId, t.givenAt.desc()),
    index("medication_doses_page_idx").on(
      t.familyId,
      t.date.desc(),
      t.time.desc(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    foreignKey({
      name: "medication_doses_family_medication_fk",
      columns: [t.familyId, t.medicationId],
      foreignColumns: [medications.familyId, medications.id],
    }).onDelete("cascade"),
  ],
);

export const foodDiaryEntries = pgTable(
  "food_diary_entries",
  {
    id: id(),
    familyId: family(),
    childId: childLink(),
    date: date("date", { mode: "string" }).notNull(),
    mealType: varchar("meal_type", { length: 16 }).$type<MealType>().notNull(),
    time: varchar("time", { length: 5 }),
    foods: text("foods").array().notNull().default([]),
    portion: text("portion"),
    reaction: text("reaction"),
    symptoms: text("symptoms").array().notNull().default([]),
    notes: text("notes"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("food_diary_entries", t),
    exportDateOrder("food_diary_entries", t, t.date),
    index("food_diary_entries_owner_idx").on(t.familyId, t.childId, t.date),
    index("food_diary_entries_page_idx").on(
      t.familyId,
      t.date.desc(),
      sql`coalesce(${t.time}, '') desc nulls last`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);

/** Shared help content (not owned by a user): the FAQ screen's questions. */
export const faqItems = pgTable("faq_items", {
  id: id(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  category: varchar("category", { length: 64 }).notNull(),
  tags: text("tags").array().notNull().default([]),
  isHelpful: integer("is_helpful").notNull().default(0),
  createdAt: createdAt(),
});
