CREATE TABLE "care_task_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"child_id" uuid,
	"kind" varchar(24) NOT NULL,
	"care_task_id" uuid,
	"supply_id" uuid,
	"for_due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"date" date NOT NULL,
	"time" varchar(5) NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"child_id" uuid,
	"title" text NOT NULL,
	"notes" text,
	"interval_hours" numeric(6, 2),
	"rrule" text,
	"start_at" timestamp with time zone NOT NULL,
	"assignee_id" uuid,
	"urgent" boolean DEFAULT false NOT NULL,
	"repeat_minutes" integer DEFAULT 15 NOT NULL,
	"next_after_minutes" integer DEFAULT 30 NOT NULL,
	"everyone_after_minutes" integer DEFAULT 60 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_tasks_family_id_key" UNIQUE("family_id","id")
);
--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "delivery_weekday" smallint;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "next_delivery_date" date;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "expiry_warning_days" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "labs_every_weeks" smallint DEFAULT 4;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "weigh_every_days" smallint DEFAULT 7;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "fridge_out_hours" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "pn_start_time" varchar(5);--> statement-breakpoint
ALTER TABLE "care_task_events" ADD CONSTRAINT "care_task_events_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_task_events" ADD CONSTRAINT "care_task_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_task_events" ADD CONSTRAINT "care_task_events_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_task_events" ADD CONSTRAINT "care_task_events_owner_child_fk" FOREIGN KEY ("family_id","child_id") REFERENCES "public"."children"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_task_events" ADD CONSTRAINT "care_task_events_family_task_fk" FOREIGN KEY ("family_id","care_task_id") REFERENCES "public"."care_tasks"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_task_events" ADD CONSTRAINT "care_task_events_family_supply_fk" FOREIGN KEY ("family_id","supply_id") REFERENCES "public"."tpn_supplies"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_tasks" ADD CONSTRAINT "care_tasks_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_tasks" ADD CONSTRAINT "care_tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_tasks" ADD CONSTRAINT "care_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_tasks" ADD CONSTRAINT "care_tasks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_tasks" ADD CONSTRAINT "care_tasks_owner_child_fk" FOREIGN KEY ("family_id","child_id") REFERENCES "public"."children"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_task_events_export_idx" ON "care_task_events" USING btree ("family_id","created_at","id");--> statement-breakpoint
CREATE INDEX "care_task_events_export_date_idx" ON "care_task_events" USING btree ("family_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "care_task_events_kind_idx" ON "care_task_events" USING btree ("family_id","kind","done_at");--> statement-breakpoint
CREATE INDEX "care_tasks_export_idx" ON "care_tasks" USING btree ("family_id","created_at","id");--> statement-breakpoint
CREATE INDEX "care_tasks_owner_idx" ON "care_tasks" USING btree ("family_id","child_id");