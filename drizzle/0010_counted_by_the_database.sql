-- The dashboard's counts, kept by the database. One function of each kind serves every counted
-- table (TG_TABLE_NAME names it; care_team_members has no child_id, which to_jsonb reads as null).
-- Statement-level with transition tables: a restore of thousands of records is one upsert.
-- An insert whose owner is gone (an account's deletion cascading through its records) adds nothing.
CREATE FUNCTION "record_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_counts AS c (user_id, entity, child_id, n)
  SELECT r.user_id, TG_TABLE_NAME, (to_jsonb(r) ->> 'child_id')::uuid, count(*)
  FROM new_rows r
  WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id)
  GROUP BY 1, 3
  ON CONFLICT ON CONSTRAINT record_counts_key DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "record_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE record_counts AS c SET n = c.n - d.n
  FROM (
    SELECT r.user_id, (to_jsonb(r) ->> 'child_id')::uuid AS child_id, count(*) AS n
    FROM old_rows r GROUP BY 1, 2
  ) d
  WHERE c.user_id = d.user_id AND c.entity = TG_TABLE_NAME AND c.child_id IS NOT DISTINCT FROM d.child_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A record moved to another child (or unlinked, as when its child is deleted): one less where it
-- was, one more where it is.
CREATE FUNCTION "record_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE record_counts AS c SET n = c.n - d.n
  FROM (
    SELECT o.user_id, o.child_id, count(*) AS n
    FROM old_rows o JOIN new_rows r ON r.id = o.id
    WHERE r.child_id IS DISTINCT FROM o.child_id GROUP BY 1, 2
  ) d
  WHERE c.user_id = d.user_id AND c.entity = TG_TABLE_NAME AND c.child_id IS NOT DISTINCT FROM d.child_id;
  INSERT INTO record_counts AS c (user_id, entity, child_id, n)
  SELECT r.user_id, TG_TABLE_NAME, r.child_id, count(*)
  FROM old_rows o JOIN new_rows r ON r.id = o.id
  WHERE r.child_id IS DISTINCT FROM o.child_id AND EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id)
  GROUP BY 1, 3
  ON CONFLICT ON CONSTRAINT record_counts_key DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tpn_entries_counted_insert" AFTER INSERT ON "tpn_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_add();
--> statement-breakpoint
CREATE TRIGGER "tpn_entries_counted_delete" AFTER DELETE ON "tpn_entries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_remove();
--> statement-breakpoint
CREATE TRIGGER "tpn_entries_counted_move" AFTER UPDATE ON "tpn_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_move();
--> statement-breakpoint
CREATE TRIGGER "specialist_visits_counted_insert" AFTER INSERT ON "specialist_visits" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_add();
--> statement-breakpoint
CREATE TRIGGER "specialist_visits_counted_delete" AFTER DELETE ON "specialist_visits" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_remove();
--> statement-breakpoint
CREATE TRIGGER "specialist_visits_counted_move" AFTER UPDATE ON "specialist_visits" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_move();
--> statement-breakpoint
CREATE TRIGGER "lab_tests_counted_insert" AFTER INSERT ON "lab_tests" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_add();
--> statement-breakpoint
CREATE TRIGGER "lab_tests_counted_delete" AFTER DELETE ON "lab_tests" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_remove();
--> statement-breakpoint
CREATE TRIGGER "lab_tests_counted_move" AFTER UPDATE ON "lab_tests" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_move();
--> statement-breakpoint
CREATE TRIGGER "symptom_entries_counted_insert" AFTER INSERT ON "symptom_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_add();
--> statement-breakpoint
CREATE TRIGGER "symptom_entries_counted_delete" AFTER DELETE ON "symptom_entries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_remove();
--> statement-breakpoint
CREATE TRIGGER "symptom_entries_counted_move" AFTER UPDATE ON "symptom_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_move();
--> statement-breakpoint
CREATE TRIGGER "medical_allergies_counted_insert" AFTER INSERT ON "medical_allergies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_add();
--> statement-breakpoint
CREATE TRIGGER "medical_allergies_counted_delete" AFTER DELETE ON "medical_allergies" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_remove();
--> statement-breakpoint
CREATE TRIGGER "medical_allergies_counted_move" AFTER UPDATE ON "medical_allergies" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_move();
--> statement-breakpoint
CREATE TRIGGER "care_team_members_counted_insert" AFTER INSERT ON "care_team_members" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_add();
--> statement-breakpoint
CREATE TRIGGER "care_team_members_counted_delete" AFTER DELETE ON "care_team_members" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_remove();
--> statement-breakpoint
-- The counts of the records already there.
INSERT INTO record_counts (user_id, entity, child_id, n)
  SELECT user_id, 'tpn_entries', child_id, count(*) FROM "tpn_entries" GROUP BY 1, 3
  UNION ALL
  SELECT user_id, 'specialist_visits', child_id, count(*) FROM "specialist_visits" GROUP BY 1, 3
  UNION ALL
  SELECT user_id, 'lab_tests', child_id, count(*) FROM "lab_tests" GROUP BY 1, 3
  UNION ALL
  SELECT user_id, 'symptom_entries', child_id, count(*) FROM "symptom_entries" GROUP BY 1, 3
  UNION ALL
  SELECT user_id, 'medical_allergies', child_id, count(*) FROM "medical_allergies" GROUP BY 1, 3
  UNION ALL
  SELECT user_id, 'care_team_members', NULL::uuid, count(*) FROM "care_team_members" GROUP BY 1, 3;
