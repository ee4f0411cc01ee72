CREATE TABLE "pn_prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"prescriber" text,
	"bag_volume_ml" numeric(6, 1) NOT NULL,
	"infusion_hours" numeric(4, 2) NOT NULL,
	"rate_ml_per_hour" numeric(6, 1),
	"taper_up_minutes" integer,
	"taper_down_minutes" integer,
	"dextrose_percent" numeric(5, 2),
	"amino_acids_g" numeric(6, 2),
	"lipid_g" numeric(6, 2),
	"lipid_product" text,
	"additives" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pn_prescriptions_family_id_key" UNIQUE("family_id","id")
);
--> statement-breakpoint
CREATE TABLE "medication_doses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"child_id" uuid,
	"medication_id" uuid NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"date" date NOT NULL,
	"time" varchar(5) NOT NULL,
	"status" varchar(8) DEFAULT 'given' NOT NULL,
	"amount" text,
	"reason" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tpn_entries" ADD COLUMN "pn_prescription_id" uuid;--> statement-breakpoint
ALTER TABLE "tpn_entries" ADD COLUMN "lot" text;--> statement-breakpoint
ALTER TABLE "tpn_entries" ADD COLUMN "expiry_date" date;--> statement-breakpoint
ALTER TABLE "tpn_entries" ADD COLUMN "start_time" varchar(5);--> statement-breakpoint
ALTER TABLE "tpn_entries" ADD COLUMN "stop_time" varchar(5);--> statement-breakpoint
ALTER TABLE "tpn_entries" ADD COLUMN "interruptions" text;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "route" text;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "schedule_kind" varchar(16);--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "schedule_times" text[];--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "interval_hours" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_family_id_key" UNIQUE("family_id","id");--> statement-breakpoint
ALTER TABLE "pn_prescriptions" ADD CONSTRAINT "pn_prescriptions_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pn_prescriptions" ADD CONSTRAINT "pn_prescriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pn_prescriptions" ADD CONSTRAINT "pn_prescriptions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pn_prescriptions" ADD CONSTRAINT "pn_prescriptions_owner_child_fk" FOREIGN KEY ("family_id","child_id") REFERENCES "public"."children"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_doses" ADD CONSTRAINT "medication_doses_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_doses" ADD CONSTRAINT "medication_doses_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_doses" ADD CONSTRAINT "medication_doses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_doses" ADD CONSTRAINT "medication_doses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_doses" ADD CONSTRAINT "medication_doses_family_medication_fk" FOREIGN KEY ("family_id","medication_id") REFERENCES "public"."medications"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pn_prescriptions_export_idx" ON "pn_prescriptions" USING btree ("family_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pn_prescriptions_export_date_idx" ON "pn_prescriptions" USING btree ("family_id","start_date","created_at","id");--> statement-breakpoint
CREATE INDEX "pn_prescriptions_child_idx" ON "pn_prescriptions" USING btree ("family_id","child_id","start_date");--> statement-breakpoint
CREATE INDEX "medication_doses_export_idx" ON "medication_doses" USING btree ("family_id","created_at","id");--> statement-breakpoint
CREATE INDEX "medication_doses_export_date_idx" ON "medication_doses" USING btree ("family_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "medication_doses_medication_idx" ON "medication_doses" USING btree ("family_id","medication_id","given_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "medication_doses_page_idx" ON "medication_doses" USING btree ("family_id","date" DESC NULLS LAST,"time" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "tpn_entries" ADD CONSTRAINT "tpn_entries_pn_prescription_id_pn_prescriptions_id_fk" FOREIGN KEY ("pn_prescription_id") REFERENCES "public"."pn_prescriptions"("id") ON DELETE set null ON UPDATE no action;
