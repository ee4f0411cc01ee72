ALTER TABLE "families" ADD COLUMN "time_format" varchar(3) DEFAULT '24h' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_format" varchar(3);