ALTER TABLE "families" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "contact_phone" varchar(50);