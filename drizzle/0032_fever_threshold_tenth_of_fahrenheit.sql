ALTER TABLE "families" ALTER COLUMN "fever_threshold_c" SET DATA TYPE numeric(4, 2);--> statement-breakpoint
ALTER TABLE "families" ALTER COLUMN "fever_threshold_c" SET DEFAULT 38;