CREATE TABLE "line_care_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"picc_line_id" uuid NOT NULL,
	"kind" varchar(24) NOT NULL,
	"date" date NOT NULL,
	"time" varchar(5),
	"dressing_type" varchar(16),
	"with_lipids" boolean,
	"lock_solution" varchar(16),
	"dwell_minutes" integer,
	"findings" text[],
	"external_length_cm" numeric(5, 1),
	"alteplase_used" boolean,
	"repaired" boolean,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_care_events" ADD CONSTRAINT "line_care_events_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_care_events" ADD CONSTRAINT "line_care_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_care_events" ADD CONSTRAINT "line_care_events_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_care_events" ADD CONSTRAINT "line_care_events_owner_child_fk" FOREIGN KEY ("family_id","child_id") REFERENCES "public"."children"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_care_events" ADD CONSTRAINT "line_care_events_family_line_fk" FOREIGN KEY ("family_id","picc_line_id") REFERENCES "public"."picc_lines"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_care_events_export_idx" ON "line_care_events" USING btree ("family_id","created_at","id");--> statement-breakpoint
CREATE INDEX "line_care_events_export_date_idx" ON "line_care_events" USING btree ("family_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "line_care_events_line_idx" ON "line_care_events" USING btree ("family_id","picc_line_id","kind","date");--> statement-breakpoint
CREATE INDEX "line_care_events_page_idx" ON "line_care_events" USING btree ("family_id","child_id","date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);