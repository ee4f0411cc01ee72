ALTER TABLE "tpn_entries" DROP CONSTRAINT "tpn_entries_child_id_children_id_fk";
--> statement-breakpoint
ALTER TABLE "tpn_entries" ALTER COLUMN "child_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tpn_entries" ADD CONSTRAINT "tpn_entries_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;