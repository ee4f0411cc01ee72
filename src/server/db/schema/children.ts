import { date, index, integer, pgTable, text, unique, varchar } from "drizzle-orm/pg-core";
import type { Gender } from "../../../domain/children";
import { createdAt, createdBy, exportOrder, family, id, updatedAt, updatedBy, version } from "./columns";

export const children = pgTable(
  "children",
  {
    id: id(),
    familyId: family(),
    name: text("name").notNull(),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    age: integer("age"),
    gender: varchar("gender", { length: 16 }).$type<Gender>(),
    /** Gestational age at birth, whole weeks and the days beyond (30 and 4 for 30+4); null when not given. */
    gestationalAgeWeeks: integer("gestational_age_weeks"),
    gestationalAgeDays: integer("gestational_age_days"),
    medicalDiagnosis: text("medical_diagnosis"),
    avatarUrl: text("avatar_url"),
    avatarColor: varchar("avatar_color", { length: 16 }).notNull().default("#3B82F6"),
    notes: text("notes"),
    isActive: integer("is_active").notNull().default(1),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("children", t),
    index("children_user_idx").on(t.familyId, t.name),
    // The target of the (family, child) foreign keys: a record can only link its own family's child.
    unique("children_owner_id_key").on(t.familyId, t.id),
  ],
);
