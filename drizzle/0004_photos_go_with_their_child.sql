ALTER TABLE "medical_photos" DROP CONSTRAINT "medical_photos_child_id_children_id_fk";
--> statement-breakpoint
ALTER TABLE "stored_objects" ADD COLUMN "uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stored_objects" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "medical_photos" ADD CONSTRAINT "medical_photos_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;