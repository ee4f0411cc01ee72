-- Records belong to families. The accounts' ids became their families' ids in the migration before,
-- so renaming each user_id column to family_id and pointing it at families is the whole move: no
-- record's values change. Indexes and the (family, child) and (family, supply) keys follow the
-- renamed column under their names. Written by hand: drizzle-kit would drop and rebuild every
-- index and key, in an order PostgreSQL refuses (a unique key before the foreign keys on it).
-- The snapshot beside this migration is drizzle-kit's, and describes the schema this produces.
ALTER TABLE "care_team_members" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "lab_tests" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "medical_allergies" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "specialist_visits" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "symptom_entries" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "tpn_entries" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "children" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "food_diary_entries" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "medications" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "notes" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "physical_therapy_sessions" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "medical_photos" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "stored_objects" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "picc_infections" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "picc_lines" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "record_counts" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "restore_jobs" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "infusion_centers" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "supply_stock_events" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "supply_usage" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "tpn_supplies" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "audit_log" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME CONSTRAINT "idempotency_keys_user_id_key_pk" TO "idempotency_keys_family_id_key_pk";
--> statement-breakpoint
ALTER TABLE "care_team_members" DROP CONSTRAINT "care_team_members_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "lab_tests" DROP CONSTRAINT "lab_tests_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "medical_allergies" DROP CONSTRAINT "medical_allergies_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "specialist_visits" DROP CONSTRAINT "specialist_visits_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "symptom_entries" DROP CONSTRAINT "symptom_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "tpn_entries" DROP CONSTRAINT "tpn_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "children" DROP CONSTRAINT "children_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "food_diary_entries" DROP CONSTRAINT "food_diary_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "medications" DROP CONSTRAINT "medications_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notes" DROP CONSTRAINT "notes_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "physical_therapy_sessions" DROP CONSTRAINT "physical_therapy_sessions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "medical_photos" DROP CONSTRAINT "medical_photos_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "stored_objects" DROP CONSTRAINT "stored_objects_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "picc_infections" DROP CONSTRAINT "picc_infections_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "picc_lines" DROP CONSTRAINT "picc_lines_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "record_counts" DROP CONSTRAINT "record_counts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "restore_jobs" DROP CONSTRAINT "restore_jobs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "infusion_centers" DROP CONSTRAINT "infusion_centers_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "supply_stock_events" DROP CONSTRAINT "supply_stock_events_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "supply_usage" DROP CONSTRAINT "supply_usage_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "tpn_supplies" DROP CONSTRAINT "tpn_supplies_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "care_team_members" ADD CONSTRAINT "care_team_members_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lab_tests" ADD CONSTRAINT "lab_tests_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medical_allergies" ADD CONSTRAINT "medical_allergies_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "specialist_visits" ADD CONSTRAINT "specialist_visits_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "symptom_entries" ADD CONSTRAINT "symptom_entries_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tpn_entries" ADD CONSTRAINT "tpn_entries_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "food_diary_entries" ADD CONSTRAINT "food_diary_entries_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "physical_therapy_sessions" ADD CONSTRAINT "physical_therapy_sessions_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medical_photos" ADD CONSTRAINT "medical_photos_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stored_objects" ADD CONSTRAINT "stored_objects_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "picc_infections" ADD CONSTRAINT "picc_infections_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "picc_lines" ADD CONSTRAINT "picc_lines_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "record_counts" ADD CONSTRAINT "record_counts_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "restore_jobs" ADD CONSTRAINT "restore_jobs_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "infusion_centers" ADD CONSTRAINT "infusion_centers_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "supply_stock_events" ADD CONSTRAINT "supply_stock_events_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "supply_usage" ADD CONSTRAINT "supply_usage_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tpn_supplies" ADD CONSTRAINT "tpn_supplies_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Who added and who last changed each record.
ALTER TABLE "care_team_members" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "care_team_members" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "lab_tests" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "lab_tests" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "medical_allergies" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "medical_allergies" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "specialist_visits" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "specialist_visits" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "symptom_entries" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "symptom_entries" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "tpn_entries" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "tpn_entries" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "food_diary_entries" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "food_diary_entries" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "physical_therapy_sessions" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "physical_therapy_sessions" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "medical_photos" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "medical_photos" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "picc_infections" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "picc_infections" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "picc_lines" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "picc_lines" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "infusion_centers" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "infusion_centers" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "supply_stock_events" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "supply_stock_events" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "supply_usage" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "supply_usage" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "tpn_supplies" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "tpn_supplies" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "care_team_members" ADD CONSTRAINT "care_team_members_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "care_team_members" ADD CONSTRAINT "care_team_members_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lab_tests" ADD CONSTRAINT "lab_tests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lab_tests" ADD CONSTRAINT "lab_tests_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medical_allergies" ADD CONSTRAINT "medical_allergies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medical_allergies" ADD CONSTRAINT "medical_allergies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "specialist_visits" ADD CONSTRAINT "specialist_visits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "specialist_visits" ADD CONSTRAINT "specialist_visits_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "symptom_entries" ADD CONSTRAINT "symptom_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "symptom_entries" ADD CONSTRAINT "symptom_entries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tpn_entries" ADD CONSTRAINT "tpn_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tpn_entries" ADD CONSTRAINT "tpn_entries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "food_diary_entries" ADD CONSTRAINT "food_diary_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "food_diary_entries" ADD CONSTRAINT "food_diary_entries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "physical_therapy_sessions" ADD CONSTRAINT "physical_therapy_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "physical_therapy_sessions" ADD CONSTRAINT "physical_therapy_sessions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medical_photos" ADD CONSTRAINT "medical_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medical_photos" ADD CONSTRAINT "medical_photos_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "picc_infections" ADD CONSTRAINT "picc_infections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "picc_infections" ADD CONSTRAINT "picc_infections_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "picc_lines" ADD CONSTRAINT "picc_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "picc_lines" ADD CONSTRAINT "picc_lines_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "infusion_centers" ADD CONSTRAINT "infusion_centers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "infusion_centers" ADD CONSTRAINT "infusion_centers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "supply_stock_events" ADD CONSTRAINT "supply_stock_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "supply_stock_events" ADD CONSTRAINT "supply_stock_events_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "supply_usage" ADD CONSTRAINT "supply_usage_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "supply_usage" ADD CONSTRAINT "supply_usage_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tpn_supplies" ADD CONSTRAINT "tpn_supplies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tpn_supplies" ADD CONSTRAINT "tpn_supplies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The dashboard's counters (migration 0010) count by family. An insert whose family is gone (a
-- family's deletion cascading through its records) adds nothing.
CREATE OR REPLACE FUNCTION "record_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_counts AS c (family_id, entity, child_id, n)
  SELECT r.family_id, TG_TABLE_NAME, (to_jsonb(r) ->> 'child_id')::uuid, count(*)
  FROM new_rows r
  WHERE EXISTS (SELECT 1 FROM families f WHERE f.id = r.family_id)
  GROUP BY 1, 3
  ON CONFLICT ON CONSTRAINT record_counts_key DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE record_counts AS c SET n = c.n - d.n
  FROM (
    SELECT r.family_id, (to_jsonb(r) ->> 'child_id')::uuid AS child_id, count(*) AS n
    FROM old_rows r GROUP BY 1, 2
  ) d
  WHERE c.family_id = d.family_id AND c.entity = TG_TABLE_NAME AND c.child_id IS NOT DISTINCT FROM d.child_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE record_counts AS c SET n = c.n - d.n
  FROM (
    SELECT o.family_id, o.child_id, count(*) AS n
    FROM old_rows o JOIN new_rows r ON r.id = o.id
    WHERE r.child_id IS DISTINCT FROM o.child_id GROUP BY 1, 2
  ) d
  WHERE c.family_id = d.family_id AND c.entity = TG_TABLE_NAME AND c.child_id IS NOT DISTINCT FROM d.child_id;
  INSERT INTO record_counts AS c (family_id, entity, child_id, n)
  SELECT r.family_id, TG_TABLE_NAME, r.child_id, count(*)
  FROM old_rows o JOIN new_rows r ON r.id = o.id
  WHERE r.child_id IS DISTINCT FROM o.child_id AND EXISTS (SELECT 1 FROM families f WHERE f.id = r.family_id)
  GROUP BY 1, 3
  ON CONFLICT ON CONSTRAINT record_counts_key DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;

--> statement-breakpoint
-- Until today only the account itself wrote its records: it added them, and changed them last.
UPDATE "care_team_members" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "children" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "food_diary_entries" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "infusion_centers" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "lab_tests" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "medical_allergies" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "medical_photos" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "medications" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "notes" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "physical_therapy_sessions" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "picc_infections" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "picc_lines" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "specialist_visits" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "supply_stock_events" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "supply_usage" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "symptom_entries" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "tpn_entries" SET "created_by" = "family_id", "updated_by" = "family_id";
--> statement-breakpoint
UPDATE "tpn_supplies" SET "created_by" = "family_id", "updated_by" = "family_id";
