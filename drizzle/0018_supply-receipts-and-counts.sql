CREATE TABLE "supply_stock_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"supply_id" uuid NOT NULL,
	"kind" varchar(8) NOT NULL,
	"quantity" integer NOT NULL,
	"difference" integer NOT NULL,
	"lot" text,
	"expiration_date" date,
	"event_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supply_stock_events_kind" CHECK ("supply_stock_events"."kind" in ('receipt', 'count'))
);
--> statement-breakpoint
ALTER TABLE "supply_stock_events" ADD CONSTRAINT "supply_stock_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_stock_events" ADD CONSTRAINT "supply_stock_events_owner_supply_fk" FOREIGN KEY ("user_id","supply_id") REFERENCES "public"."tpn_supplies"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supply_stock_events_export_idx" ON "supply_stock_events" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "supply_stock_events_page_idx" ON "supply_stock_events" USING btree ("user_id","event_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supply_stock_events_supply_idx" ON "supply_stock_events" USING btree ("supply_id");