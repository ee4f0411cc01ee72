import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  unique,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { AllergySeverity } from "../../../domain/allergies";
import type { LabStatus } from "../../../domain/labs";
import type { TaperStep } from "../../../domain/pn";
import type { SymptomSeverity } from "../../../domain/symptoms";
import { childLink, ownedChildKey, requiredChildLink } from "./child-link";
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

export const careTeamMembers = pgTable(
  "care_team_members",
  {
    id: id(),
    familyId: family(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    specialty: text("specialty"),
    phone: text("phone"),
    email: text("email"),
    hospital: text("hospital"),
    notes: text("notes"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [index("care_team_members_user_idx").on(t.familyId, t.createdAt)],
);

const decimal = (name: string) => numeric(name, { precision: 8, scale: 2 });
const measure = (name: string, precision: number, scale: number) =>
  numeric(name, { precision, scale, mode: "number" });

/**
 * A child's parenteral nutrition prescription, one version each (src/domain/pn.ts): a version
 * starts on its date and ends the day before the next one starts (`endDate`, kept by the server).
 */
export const pnPrescriptions = pgTable(
  "pn_prescriptions",
  {
    id: id(),
    familyId: family(),
    childId: requiredChildLink(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }),
    prescriber: text("prescriber"),
    bagVolumeMl: measure("bag_volume_ml", 6, 1).notNull(),
    infusionHours: measure("infusion_hours", 4, 2).notNull(),
    /** The nights a week the bag runs (1 to 7); null: not said, read as every night. */
    nightsPerWeek: integer("nights_per_week"),
    rateMlPerHour: measure("rate_ml_per_hour", 6, 1),
    /** The taper's total minutes each way; without steps (saved before them), one step at half rate. */
    taperUpMinutes: integer("taper_up_minutes"),
    taperDownMinutes: integer("taper_down_minutes"),
    /** The taper's steps in the order they run; null: the minutes above at half rate (pn.ts). */
    taperUpSteps: jsonb("taper_up_steps").$type<TaperStep[]>(),
    taperDownSteps: jsonb("taper_down_steps").$type<TaperStep[]>(),
    dextrosePercent: measure("dextrose_percent", 5, 2),
    aminoAcidsG: measure("amino_acids_g", 6, 2),
    lipidG: measure("lipid_g", 6, 2),
    /** The emulsion's strength (10, 20 or 30 %); rows saved before it was asked were counted as 20 %. */
    lipidPercent: integer("lipid_percent").notNull().default(20),
    lipidProduct: text("lipid_product"),
    additives: text("additives"),
    notes: text("notes"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("pn_prescriptions", t),
    exportDateOrder("pn_prescriptions", t, t.startDate),
    index("pn_prescriptions_child_idx").on(t.familyId, t.childId, t.startDate),
    ownedChildKey("pn_prescriptions_owner_child_fk", t),
    unique("pn_prescriptions_family_id_key").on(t.familyId, t.id),
  ],
);

export const tpnEntries = pgTable(
  "tpn_entries",
  {
    id: id(),
    familyId: family(),
    childId: requiredChildLink(),
    date: date("date", { mode: "string" }).notNull(),
    calories: decimal("calories"),
    protein: decimal("protein"),
    carbohydrates: decimal("carbohydrates"),
    fat: decimal("fat"),
    volume: decimal("volume"),
    duration: integer("duration"),
    notes: text("notes"),
    /** The prescription version the bag followed ("Tonight's bag"), when it did. */
    pnPrescriptionId: uuid("pn_prescription_id").references(() => pnPrescriptions.id, {
      onDelete: "set null",
    }),
    /** The bag's lot and expiry from its label, the times it ran (HH:mm), and what interrupted it. */
    lot: text("lot"),
    expiryDate: date("expiry_date", { mode: "string" }),
    startTime: varchar("start_time", { length: 5 }),
    stopTime: varchar("stop_time", { length: 5 }),
    interruptions: text("interruptions"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("tpn_entries", t),
    exportDateOrder("tpn_entries", t, t.date),
    index("tpn_entries_owner_idx").on(t.familyId, t.childId, t.date),
    // A page of one child's list, newest first (the keyset of owned-records' paged lists).
    index("tpn_entries_page_idx").on(t.familyId, t.childId, t.date.desc(), t.createdAt.desc(), t.id.desc()),
    ownedChildKey("tpn_entries_owner_child_fk", t),
  ],
);

export const specialistVisits = pgTable(
  "specialist_visits",
  {
    id: id(),
    familyId: family(),
    childId: childLink(),
    doctorName: text("doctor_name").notNull(),
    specialty: text("specialty").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    time: varchar("time", { length: 5 }),
    location: text("location"),
    purpose: text("purpose"),
    notes: text("notes"),
    followUpNeeded: text("follow_up_needed"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("specialist_visits", t),
    exportDateOrder("specialist_visits", t, t.date),
    index("specialist_visits_owner_idx").on(t.familyId, t.childId, t.date),
  ],
);

export const labTests = pgTable(
  "lab_tests",
  {
    id: id(),
    familyId: family(),
    childId: childLink(),
    testName: text("test_name").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    orderedBy: text("ordered_by"),
    results: text("results"),
    normalRange: text("normal_range"),
    status: varchar("status", { length: 16 }).$type<LabStatus>().notNull().default("pending"),
    notes: text("notes"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("lab_tests", t),
    exportDateOrder("lab_tests", t, t.date),
    index("lab_tests_owner_idx").on(t.familyId, t.childId, t.date),
  ],
);

export const symptomEntries = pgTable(
  "symptom_entries",
  {
    id: id(),
    familyId: family(),
    childId: childLink(),
    date: date("date", { mode: "string" }).notNull(),
    time: varchar("time", { length: 5 }),
    symptoms: text("symptoms").array().notNull().default([]),
    painLevel: integer("pain_level"),
    severity: varchar("severity", { length: 16 }).$type<SymptomSeverity>(),
    triggers: text("triggers"),
    treatments: text("treatments"),
    notes: text("notes"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("symptom_entries", t),
    exportDateOrder("symptom_entries", t, t.date),
    index("symptom_entries_owner_idx").on(t.familyId, t.childId, t.date),
    // The heatmap and the pain trend read a window of days across every child.
    index("symptom_entries_owner_date_idx").on(t.familyId, t.date),
    index("symptom_entries_page_idx").on(
      t.familyId,
      t.date.desc(),
      sql`coalesce(${t.time}, '') desc nulls last`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);

export const medicalAllergies = pgTable(
  "medical_allergies",
  {
    id: id(),
    familyId: family(),
    childId: childLink(),
    allergen: text("allergen").notNull(),
    reaction: text("reaction").notNull(),
    severity: varchar("severity", { length: 24 }).$type<AllergySeverity>().notNull(),
    dateDiscovered: date("date_discovered", { mode: "string" }),
    treatment: text("treatment"),
    notes: text("notes"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("medical_allergies", t),
    index("medical_allergies_owner_idx").on(t.familyId, t.childId, t.createdAt),
  ],
);
