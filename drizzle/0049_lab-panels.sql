CREATE TABLE "lab_panels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"name" text NOT NULL,
	"analytes" jsonb NOT NULL,
	"every" integer NOT NULL,
	"unit" varchar(8) NOT NULL,
	"first_due" date NOT NULL,
	"instructions" text,
	"source" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lab_panels" ADD CONSTRAINT "lab_panels_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_panels" ADD CONSTRAINT "lab_panels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_panels" ADD CONSTRAINT "lab_panels_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_panels" ADD CONSTRAINT "lab_panels_owner_child_fk" FOREIGN KEY ("family_id","child_id") REFERENCES "public"."children"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_panels_export_idx" ON "lab_panels" USING btree ("family_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lab_panels_owner_idx" ON "lab_panels" USING btree ("family_id","child_id");