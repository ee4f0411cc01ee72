CREATE TABLE "record_ids" (
	"id" uuid PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"entity" varchar(64) NOT NULL,
	"body_hash" char(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "care_team_members" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_tests" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_allergies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "pn_prescriptions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "specialist_visits" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "symptom_entries" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tpn_entries" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "food_diary_entries" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "medication_doses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "physical_therapy_sessions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_photos" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "line_care_events" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "picc_infections" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "picc_lines" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "infusion_centers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "supply_stock_events" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "supply_usage" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tpn_supplies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "care_task_events" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "care_tasks" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vitals" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "record_ids" ADD CONSTRAINT "record_ids_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_ids_family_entity_idx" ON "record_ids" USING btree ("family_id","entity");--> statement-breakpoint
-- The ids of the records already kept: none of them may be given to another record.
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'child', "created_at" FROM "children" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'care_team_member', "created_at" FROM "care_team_members" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'pn_prescription', "created_at" FROM "pn_prescriptions" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'tpn_entry', "created_at" FROM "tpn_entries" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'vital', "created_at" FROM "vitals" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'tpn_supply', "created_at" FROM "tpn_supplies" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'supply_usage', "created_at" FROM "supply_usage" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'supply_stock_event', "created_at" FROM "supply_stock_events" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'infusion_center', "created_at" FROM "infusion_centers" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'picc_line', "created_at" FROM "picc_lines" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'picc_infection', "created_at" FROM "picc_infections" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'line_care_event', "created_at" FROM "line_care_events" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'specialist_visit', "created_at" FROM "specialist_visits" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'lab_test', "created_at" FROM "lab_tests" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'symptom_entry', "created_at" FROM "symptom_entries" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'medical_allergy', "created_at" FROM "medical_allergies" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'medication', "created_at" FROM "medications" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'medication_dose', "created_at" FROM "medication_doses" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'note', "created_at" FROM "notes" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'physical_therapy_session', "created_at" FROM "physical_therapy_sessions" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'food_diary_entry', "created_at" FROM "food_diary_entries" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'medical_photo', "created_at" FROM "medical_photos" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'care_task', "created_at" FROM "care_tasks" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "record_ids" ("id", "family_id", "entity", "created_at") SELECT "id", "family_id", 'care_task_event', "created_at" FROM "care_task_events" ON CONFLICT ("id") DO NOTHING;
