ALTER TABLE "stored_objects" ADD COLUMN "declared_bytes" bigint;--> statement-breakpoint
ALTER TABLE "stored_objects" ADD COLUMN "checked_at" timestamp with time zone;