ALTER TABLE "children" ADD COLUMN "gestational_age_weeks" integer;--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "gestational_age_days" integer;