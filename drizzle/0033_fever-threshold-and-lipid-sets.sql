ALTER TABLE "families" ALTER COLUMN "fever_threshold_c" SET DATA TYPE numeric(4, 2);--> statement-breakpoint
ALTER TABLE "families" ALTER COLUMN "fever_threshold_c" SET DEFAULT 38;--> statement-breakpoint
ALTER TABLE "line_care_events" ADD COLUMN "lipids_alone" boolean;--> statement-breakpoint
ALTER TABLE "picc_lines" ADD COLUMN "tubing_lipids_alone_hours" integer;