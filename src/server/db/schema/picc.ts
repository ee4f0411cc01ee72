import { boolean, date, index, pgTable, text, uuid, varchar } from "drizzle-orm/pg-core";
import type { InfectionOutcome, InfectionType, InsertionSite, LineType } from "../../../domain/picc";
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
} from "./columns";

export const piccLines = pgTable(
  "picc_lines",
  {
    id: id(),
    familyId: family(),
    childId: requiredChildLink(),
    insertionDate: date("insertion_date", { mode: "string" }).notNull(),
    removalDate: date("removal_date", { mode: "string" }),
    insertionSite: varchar("insertion_site", { length: 16 }).$type<InsertionSite>(),
    lineType: varchar("line_type", { length: 16 }).$type<LineType>(),
    insertedBy: text("inserted_by"),
    removalReason: text("removal_reason"),
    complications: text("complications"),
    notes: text("notes"),
    createdAt: createdAt(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("picc_lines", t),
    exportDateOrder("picc_lines", t, t.insertionDate),
    index("picc_lines_owner_idx").on(t.familyId, t.childId, t.insertionDate),
    ownedChildKey("picc_lines_owner_child_fk", t),
  ],
);

export const piccInfections = pgTable(
  "picc_infections",
  {
    id: id(),
    familyId: family(),
    childId: requiredChildLink(),
    piccLineId: uuid("picc_line_id").references(() => piccLines.id, { onDelete: "set null" }),
    infectionDate: date("infection_date", { mode: "string" }).notNull(),
    infectionType: varchar("infection_type", { length: 24 }).$type<InfectionType>().notNull(),
    organism: text("organism"),
    symptoms: text("symptoms"),
    treatmentStartDate: date("treatment_start_date", { mode: "string" }),
    treatmentEndDate: date("treatment_end_date", { mode: "string" }),
    antibiotics: text("antibiotics"),
    treatmentMethod: text("treatment_method"),
    outcome: varchar("outcome", { length: 16 }).$type<InfectionOutcome>(),
    hospitalAdmission: boolean("hospital_admission").notNull().default(false),
    admissionDuration: text("admission_duration"),
    notes: text("notes"),
    createdAt: createdAt(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("picc_infections", t),
    exportDateOrder("picc_infections", t, t.infectionDate),
    index("picc_infections_owner_idx").on(t.familyId, t.childId, t.infectionDate),
    ownedChildKey("picc_infections_owner_child_fk", t),
  ],
);
