CREATE TABLE "on_duty" (
	"family_id" uuid NOT NULL,
	"day" varchar(10) NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "on_duty_family_id_day_pk" PRIMARY KEY("family_id","day")
);
--> statement-breakpoint
CREATE TABLE "reminder_occurrences" (
	"family_id" uuid NOT NULL,
	"task_id" varchar(200) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"snoozed_until" timestamp with time zone,
	"snoozed_by" uuid,
	"done_at" timestamp with time zone,
	"done_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_occurrences_family_id_task_id_due_at_pk" PRIMARY KEY("family_id","task_id","due_at")
);
--> statement-breakpoint
CREATE TABLE "reminder_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"task_id" varchar(200) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"action" varchar(8) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "pn_latest_start_time" varchar(5);--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "escalation" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "reminder_order" uuid[];--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "round_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "on_duty" ADD CONSTRAINT "on_duty_membership_fk" FOREIGN KEY ("family_id","user_id") REFERENCES "public"."family_members"("family_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_occurrences" ADD CONSTRAINT "reminder_occurrences_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_occurrences" ADD CONSTRAINT "reminder_occurrences_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_occurrences" ADD CONSTRAINT "reminder_occurrences_snoozed_by_users_id_fk" FOREIGN KEY ("snoozed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_occurrences" ADD CONSTRAINT "reminder_occurrences_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_tokens" ADD CONSTRAINT "reminder_tokens_membership_fk" FOREIGN KEY ("family_id","user_id") REFERENCES "public"."family_members"("family_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_occurrences_time_idx" ON "reminder_occurrences" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reminder_tokens_expiry_idx" ON "reminder_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_reminder_key" ON "notifications" USING btree ("family_id","user_id","task_id","due_at","round_at") WHERE "notifications"."round_at" is not null;