ALTER TABLE "line_care_events" ADD COLUMN "lipids_alone" boolean;--> statement-breakpoint
ALTER TABLE "picc_lines" ADD COLUMN "tubing_lipids_alone_hours" integer;