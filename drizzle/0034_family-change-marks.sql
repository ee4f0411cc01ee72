CREATE TABLE "family_change_marks" (
	"family_id" uuid PRIMARY KEY NOT NULL,
	"mark" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_change_marks" ADD CONSTRAINT "family_change_marks_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;