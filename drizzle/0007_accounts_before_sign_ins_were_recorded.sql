-- Custom SQL migration file, put your code below! --
-- Every account made before sign-ins were recorded signed in when it was made (sign-up and the
-- first OpenID Connect sign-in both start a session), so none of them is on its first visit.
UPDATE "users" SET "last_sign_in_at" = "created_at", "previous_sign_in_at" = "created_at" WHERE "last_sign_in_at" IS NULL;
