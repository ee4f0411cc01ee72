ALTER TABLE "pn_prescriptions" ADD COLUMN "taper_up_steps" jsonb;--> statement-breakpoint
ALTER TABLE "pn_prescriptions" ADD COLUMN "taper_down_steps" jsonb;--> statement-breakpoint
ALTER TABLE "pn_prescriptions" ADD COLUMN "lipid_percent" integer DEFAULT 20 NOT NULL;