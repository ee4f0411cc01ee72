CREATE TABLE "fluid_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"ostomy_max_ml_per_kg_day" numeric(5, 1),
	"stool_max_ml_per_kg_day" numeric(5, 1),
	"urine_min_ml_per_kg_hour" numeric(4, 2),
	"set_by" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fluid_limits" ADD CONSTRAINT "fluid_limits_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fluid_limits" ADD CONSTRAINT "fluid_limits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fluid_limits" ADD CONSTRAINT "fluid_limits_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fluid_limits" ADD CONSTRAINT "fluid_limits_owner_child_fk" FOREIGN KEY ("family_id","child_id") REFERENCES "public"."children"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fluid_limits_export_idx" ON "fluid_limits" USING btree ("family_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fluid_limits_child_idx" ON "fluid_limits" USING btree ("family_id","child_id","created_at" DESC NULLS LAST);