-- Every account becomes a family of one, with the account as its owner. The family takes the
-- account's id, so the records the account owns (their user_id) already name their family, and
-- the next migration only renames that column: no record's values change. The family's name is
-- the one a person would give it ('The Lopez family', else 'Maria's family'), its clock the
-- account's zone.
INSERT INTO "families" ("id", "name", "time_zone", "created_at")
SELECT u."id",
  CASE
    WHEN nullif(btrim(u."last_name"), '') IS NOT NULL THEN 'The ' || btrim(u."last_name") || ' family'
    WHEN nullif(btrim(u."first_name"), '') IS NOT NULL THEN btrim(u."first_name") || '''s family'
    ELSE 'My family'
  END,
  u."time_zone",
  u."created_at"
FROM "users" u;
--> statement-breakpoint
INSERT INTO "family_members" ("family_id", "user_id", "role", "created_at")
SELECT u."id", u."id", 'owner', u."created_at" FROM "users" u;
