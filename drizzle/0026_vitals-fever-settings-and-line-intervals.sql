CREATE TABLE "vitals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"date" date NOT NULL,
	"time" varchar(5),
	"kind" varchar(24) NOT NULL,
	"value" numeric(7, 3) NOT NULL,
	"site" varchar(16),
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "temperature_unit" varchar(1) DEFAULT 'C' NOT NULL;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "fever_threshold_c" numeric(3, 1) DEFAULT 38 NOT NULL;--> statement-breakpoint
ALTER TABLE "picc_lines" ADD COLUMN "external_length_cm" numeric(5, 1);--> statement-breakpoint
ALTER TABLE "picc_lines" ADD COLUMN "dressing_transparent_hours" integer;--> statement-breakpoint
ALTER TABLE "picc_lines" ADD COLUMN "dressing_gauze_hours" integer;--> statement-breakpoint
ALTER TABLE "picc_lines" ADD COLUMN "tubing_with_lipids_hours" integer;--> statement-breakpoint
ALTER TABLE "picc_lines" ADD COLUMN "tubing_hours" integer;--> statement-breakpoint
ALTER TABLE "picc_lines" ADD COLUMN "connector_hours" integer;--> statement-breakpoint
ALTER TABLE "picc_lines" ADD COLUMN "lock_hours" integer;--> statement-breakpoint
ALTER TABLE "vitals" ADD CONSTRAINT "vitals_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vitals" ADD CONSTRAINT "vitals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vitals" ADD CONSTRAINT "vitals_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vitals" ADD CONSTRAINT "vitals_owner_child_fk" FOREIGN KEY ("family_id","child_id") REFERENCES "public"."children"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vitals_export_idx" ON "vitals" USING btree ("family_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vitals_export_date_idx" ON "vitals" USING btree ("family_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "vitals_child_kind_idx" ON "vitals" USING btree ("family_id","child_id","kind","date");--> statement-breakpoint
CREATE INDEX "vitals_page_idx" ON "vitals" USING btree ("family_id","child_id","date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "picc_lines" ADD CONSTRAINT "picc_lines_family_id_key" UNIQUE("family_id","id");