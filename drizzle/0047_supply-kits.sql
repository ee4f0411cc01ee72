CREATE TABLE "supply_kit_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"occasion" varchar(16) NOT NULL,
	"supply_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supply_kit_lines_occasion" CHECK ("supply_kit_lines"."occasion" in ('pn-bag', 'dressing')),
	CONSTRAINT "supply_kit_lines_quantity" CHECK ("supply_kit_lines"."quantity" between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "stock_days_to_keep" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "supply_usage" ADD COLUMN "tpn_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "supply_usage" ADD COLUMN "line_care_event_id" uuid;--> statement-breakpoint
ALTER TABLE "supply_usage" ADD COLUMN "quantity_short" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supply_kit_lines" ADD CONSTRAINT "supply_kit_lines_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_kit_lines" ADD CONSTRAINT "supply_kit_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_kit_lines" ADD CONSTRAINT "supply_kit_lines_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_kit_lines" ADD CONSTRAINT "supply_kit_lines_owner_supply_fk" FOREIGN KEY ("family_id","supply_id") REFERENCES "public"."tpn_supplies"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supply_kit_lines_export_idx" ON "supply_kit_lines" USING btree ("family_id","created_at","id");--> statement-breakpoint
CREATE INDEX "supply_kit_lines_owner_idx" ON "supply_kit_lines" USING btree ("family_id","occasion");--> statement-breakpoint
CREATE INDEX "supply_kit_lines_supply_idx" ON "supply_kit_lines" USING btree ("supply_id");--> statement-breakpoint
ALTER TABLE "supply_usage" ADD CONSTRAINT "supply_usage_tpn_entry_id_tpn_entries_id_fk" FOREIGN KEY ("tpn_entry_id") REFERENCES "public"."tpn_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_usage" ADD CONSTRAINT "supply_usage_line_care_event_id_line_care_events_id_fk" FOREIGN KEY ("line_care_event_id") REFERENCES "public"."line_care_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supply_usage_tpn_entry_idx" ON "supply_usage" USING btree ("tpn_entry_id");--> statement-breakpoint
CREATE INDEX "supply_usage_line_care_idx" ON "supply_usage" USING btree ("line_care_event_id");--> statement-breakpoint
ALTER TABLE "supply_usage" ADD CONSTRAINT "supply_usage_short_within_use" CHECK ("supply_usage"."quantity_short" >= 0 and "supply_usage"."quantity_short" <= "supply_usage"."quantity_used");