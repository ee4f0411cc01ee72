ALTER TABLE "tpn_entries" DROP CONSTRAINT "tpn_entries_owner_child_fk";
--> statement-breakpoint
ALTER TABLE "picc_infections" DROP CONSTRAINT "picc_infections_owner_child_fk";
--> statement-breakpoint
ALTER TABLE "picc_lines" DROP CONSTRAINT "picc_lines_owner_child_fk";
--> statement-breakpoint
ALTER TABLE "supply_usage" DROP CONSTRAINT "supply_usage_owner_supply_fk";
--> statement-breakpoint
ALTER TABLE "tpn_entries" ADD CONSTRAINT "tpn_entries_owner_child_fk" FOREIGN KEY ("user_id","child_id") REFERENCES "public"."children"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picc_infections" ADD CONSTRAINT "picc_infections_owner_child_fk" FOREIGN KEY ("user_id","child_id") REFERENCES "public"."children"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picc_lines" ADD CONSTRAINT "picc_lines_owner_child_fk" FOREIGN KEY ("user_id","child_id") REFERENCES "public"."children"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_usage" ADD CONSTRAINT "supply_usage_owner_supply_fk" FOREIGN KEY ("user_id","supply_id") REFERENCES "public"."tpn_supplies"("user_id","id") ON DELETE cascade ON UPDATE no action;