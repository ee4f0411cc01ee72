ALTER TABLE "tpn_entries" DROP CONSTRAINT "tpn_entries_child_id_children_id_fk";
--> statement-breakpoint
ALTER TABLE "picc_infections" DROP CONSTRAINT "picc_infections_child_id_children_id_fk";
--> statement-breakpoint
ALTER TABLE "picc_lines" DROP CONSTRAINT "picc_lines_child_id_children_id_fk";
--> statement-breakpoint
ALTER TABLE "supply_usage" DROP CONSTRAINT "supply_usage_supply_id_tpn_supplies_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "tpn_entries" ADD CONSTRAINT "tpn_entries_owner_child_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picc_infections" ADD CONSTRAINT "picc_infections_owner_child_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picc_lines" ADD CONSTRAINT "picc_lines_owner_child_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_usage" ADD CONSTRAINT "supply_usage_owner_supply_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."tpn_supplies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_owner_id_key" UNIQUE("user_id","id");--> statement-breakpoint
ALTER TABLE "tpn_supplies" ADD CONSTRAINT "tpn_supplies_owner_id_key" UNIQUE("user_id","id");--> statement-breakpoint
ALTER TABLE "tpn_supplies" ADD CONSTRAINT "tpn_supplies_stock_not_negative" CHECK ("tpn_supplies"."current_stock" >= 0);