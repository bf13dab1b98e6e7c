CREATE TABLE "price_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"region_id" integer,
	"kind" text NOT NULL,
	"threshold_minor" bigint,
	"currency_id" integer NOT NULL,
	"move_percent" smallint,
	"by_email" boolean DEFAULT true NOT NULL,
	"by_sms" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"unsubscribe_token_hash" text NOT NULL,
	"last_fired_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_daily" (
	"series" text NOT NULL,
	"category_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"source" text NOT NULL,
	"day" date NOT NULL,
	"basis" text NOT NULL,
	"n" integer NOT NULL,
	"volume" numeric NOT NULL,
	"value_usd" numeric NOT NULL,
	"price_sum_usd" numeric NOT NULL,
	"min_usd" numeric NOT NULL,
	"max_usd" numeric NOT NULL,
	"p25_usd" numeric NOT NULL,
	"median_usd" numeric NOT NULL,
	"p75_usd" numeric NOT NULL,
	CONSTRAINT "price_daily_pk" PRIMARY KEY("series","category_id","country_id","region_id","unit_id","source","day")
);
--> statement-breakpoint
ALTER TABLE "per_units" ADD COLUMN "kg_per_unit" numeric(12, 6);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "price_alerts_category_idx" ON "price_alerts" USING btree ("category_id") WHERE active;--> statement-breakpoint
CREATE UNIQUE INDEX "price_alerts_token_uq" ON "price_alerts" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "price_daily_category_day_idx" ON "price_daily" USING btree ("category_id","day");--> statement-breakpoint
CREATE INDEX "price_daily_day_idx" ON "price_daily" USING btree ("day");--> statement-breakpoint
UPDATE "per_units" SET "kg_per_unit" = CASE "code" WHEN 'kg' THEN 1 WHEN 'tonne' THEN 1000 WHEN 'bag_50kg' THEN 50 WHEN 'bag_90kg' THEN 90 WHEN 'gram' THEN 0.001 END WHERE "code" IN ('kg', 'tonne', 'bag_50kg', 'bag_90kg', 'gram');--> statement-breakpoint
UPDATE "offers" o SET "approved_at" = coalesce((SELECT min(e."created_at") FROM "offer_events" e WHERE e."offer_id" = o."id" AND e."status" IN (3, 9)), o."created_at") WHERE o."status" IN (3, 9);
