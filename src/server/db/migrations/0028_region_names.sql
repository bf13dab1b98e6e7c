ALTER TABLE "regions" ADD COLUMN "name_sw" text;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "name_fr" text;