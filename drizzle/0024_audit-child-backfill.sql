-- The audit rows of records that still exist name their record's child (a child's rows, the child
-- itself), so the activity a member limited to some children sees is of those children only.;
--> statement-breakpoint
UPDATE "audit_log" a SET "child_id" = a."entity_id" WHERE a."entity" = 'child' AND EXISTS (SELECT 1 FROM "children" c WHERE c."id" = a."entity_id");
--> statement-breakpoint
UPDATE "audit_log" a SET "child_id" = r."child_id" FROM "tpn_entries" r WHERE a."entity" = 'tpn_entry' AND r."id" = a."entity_id" AND r."child_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "audit_log" a SET "child_id" = r."child_id" FROM "specialist_visits" r WHERE a."entity" = 'specialist_visit' AND r."id" = a."entity_id" AND r."child_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "audit_log" a SET "child_id" = r."child_id" FROM "lab_tests" r WHERE a."entity" = 'lab_test' AND r."id" = a."entity_id" AND r."child_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "audit_log" a SET "child_id" = r."child_id" FROM "symptom_entries" r WHERE a."entity" = 'symptom_entry' AND r."id" = a."entity_id" AND r."child_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "audit_log" a SET "child_id" = r."child_id" FROM "medical_allergies" r WHERE a."entity" = 'medical_allergy' AND r."id" = a."entity_id" AND r."child_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "audit_log" a SET "child_id" = r."child_id" FROM "notes" r WHERE a."entity" = 'note' AND r."id" = a."entity_id" AND r."child_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "audit_log" a SET "child_id" = r."child_id" FROM "physical_therapy_sessions" r WHERE a."entity" = 'physical_therapy_session' AND r."id" = a."entity_id" AND r."child_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "audit_log" a SET "child_id" = r."child_id" FROM "medications" r WHERE a."entity" = 'medication' AND r."id" = a."entity_id" AND r."child_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "audit_log" a SET "child_id" = r."child_id" FROM "food_diary_entries" r WHERE a."entity" = 'food_diary_entry' AND r."id" = a."entity_id" AND r."child_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "audit_log" a SET "child_id" = r."child_id" FROM "medical_photos" r WHERE a."entity" = 'medical_photo' AND r."id" = a."entity_id" AND r."child_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "audit_log" a SET "child_id" = r."child_id" FROM "picc_lines" r WHERE a."entity" = 'picc_line' AND r."id" = a."entity_id" AND r."child_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "audit_log" a SET "child_id" = r."child_id" FROM "picc_infections" r WHERE a."entity" = 'picc_infection' AND r."id" = a."entity_id" AND r."child_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "audit_log" a SET "child_id" = r."child_id" FROM "infusion_centers" r WHERE a."entity" = 'infusion_center' AND r."id" = a."entity_id" AND r."child_id" IS NOT NULL;
