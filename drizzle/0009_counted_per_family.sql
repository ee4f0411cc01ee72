CREATE TABLE "record_counts" (
	"user_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"child_id" uuid,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "record_counts_key" UNIQUE NULLS NOT DISTINCT("user_id","entity","child_id")
);
--> statement-breakpoint
ALTER TABLE "record_counts" ADD CONSTRAINT "record_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
