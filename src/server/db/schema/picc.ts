import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  unique,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { DressingType, LineCareKind, LockSolution } from "../../../domain/line-care";
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
  version,
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
    /** A PICC's external length at insertion (cm): each measurement is compared with it. */
    externalLengthCm: numeric("external_length_cm", { precision: 5, scale: 1, mode: "number" }),
    /**
     * The family's own intervals for this line's care, in hours (src/domain/line-care.ts); null:
     * the default. A lock has none unless prescribed.
     */
    dressingTransparentHours: integer("dressing_transparent_hours"),
    dressingGauzeHours: integer("dressing_gauze_hours"),
    tubingWithLipidsHours: integer("tubing_with_lipids_hours"),
    tubingHours: integer("tubing_hours"),
    tubingLipidsAloneHours: integer("tubing_lipids_alone_hours"),
    connectorHours: integer("connector_hours"),
    lockHours: integer("lock_hours"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("picc_lines", t),
    exportDateOrder("picc_lines", t, t.insertionDate),
    index("picc_lines_owner_idx").on(t.familyId, t.childId, t.insertionDate),
    ownedChildKey("picc_lines_owner_child_fk", t),
    // The target of the (family, line) keys: line care is only ever of the family's own line.
    unique("picc_lines_family_id_key").on(t.familyId, t.id),
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
    version: version(),
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

/**
 * What the family does for a line, one event each (src/domain/line-care.ts): a dressing, connector,
 * tubing or lock change, a flush, a site check, a measured external length, an occlusion, a
 * breakage, a dislodgement. The line is the family's own and the child's (keys on both).
 */
export const lineCareEvents = pgTable(
  "line_care_events",
  {
    id: id(),
    familyId: family(),
    childId: requiredChildLink(),
    piccLineId: uuid("picc_line_id").notNull(),
    kind: varchar("kind", { length: 24 }).$type<LineCareKind>().notNull(),
    date: date("date", { mode: "string" }).notNull(),
    time: varchar("time", { length: 5 }),
    dressingType: varchar("dressing_type", { length: 16 }).$type<DressingType>(),
    withLipids: boolean("with_lipids"),
    /** A tubing's set carries a lipid emulsion alone (12 hours by default: src/domain/line-care.ts). */
    lipidsAlone: boolean("lipids_alone"),
    lockSolution: varchar("lock_solution", { length: 16 }).$type<LockSolution>(),
    dwellMinutes: integer("dwell_minutes"),
    findings: text("findings").array(),
    externalLengthCm: numeric("external_length_cm", { precision: 5, scale: 1, mode: "number" }),
    alteplaseUsed: boolean("alteplase_used"),
    repaired: boolean("repaired"),
    notes: text("notes"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("line_care_events", t),
    exportDateOrder("line_care_events", t, t.date),
    index("line_care_events_line_idx").on(t.familyId, t.piccLineId, t.kind, t.date),
    index("line_care_events_page_idx").on(
      t.familyId,
      t.childId,
      t.date.desc(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    ownedChildKey("line_care_events_owner_child_fk", t),
    foreignKey({
      name: "line_care_events_family_line_fk",
      columns: [t.familyId, t.piccLineId],
      foreignColumns: [piccLines.familyId, piccLines.id],
    }).onDelete("cascade"),
  ],
);
