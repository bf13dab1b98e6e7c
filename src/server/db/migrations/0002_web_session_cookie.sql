ALTER TABLE "sessions" ADD COLUMN "refreshed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "cookie_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_cookie_uq" ON "sessions" USING btree ("cookie_hash");