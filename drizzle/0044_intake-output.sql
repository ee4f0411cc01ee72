CREATE TABLE "fluid_intake" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"date" date NOT NULL,
	"time" varchar(5),
	"source" varchar(16) NOT NULL,
	"route" varchar(16),
	"product" text,
	"mode" varchar(16) NOT NULL,
	"volume_ml" numeric(7, 1),
	"rate_ml_per_hour" numeric(5, 1),
	"hours" numeric(4, 2),
	"kcal_per_ml" numeric(3, 2),
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fluid_output" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"date" date NOT NULL,
	"time" varchar(5),
	"kind" varchar(16) NOT NULL,
	"measure" varchar(16) NOT NULL,
	"amount" numeric(7, 1),
	"dry_weight_grams" numeric(7, 1),
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fluid_intake" ADD CONSTRAINT "fluid_intake_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fluid_intake" ADD CONSTRAINT "fluid_intake_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fluid_intake" ADD CONSTRAINT "fluid_intake_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fluid_intake" ADD CONSTRAINT "fluid_intake_owner_child_fk" FOREIGN KEY ("family_id","child_id") REFERENCES "public"."children"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fluid_output" ADD CONSTRAINT "fluid_output_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fluid_output" ADD CONSTRAINT "fluid_output_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fluid_output" ADD CONSTRAINT "fluid_output_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fluid_output" ADD CONSTRAINT "fluid_output_owner_child_fk" FOREIGN KEY ("family_id","child_id") REFERENCES "public"."children"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fluid_intake_export_idx" ON "fluid_intake" USING btree ("family_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fluid_intake_export_date_idx" ON "fluid_intake" USING btree ("family_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "fluid_intake_page_idx" ON "fluid_intake" USING btree ("family_id","child_id","date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fluid_output_export_idx" ON "fluid_output" USING btree ("family_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fluid_output_export_date_idx" ON "fluid_output" USING btree ("family_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "fluid_output_page_idx" ON "fluid_output" USING btree ("family_id","child_id","date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);