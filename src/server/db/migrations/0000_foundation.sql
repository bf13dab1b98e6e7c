CREATE TABLE "categories" (
	"kind" text NOT NULL,
	"id" integer NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_sw" text NOT NULL,
	"name_fr" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" char(2) NOT NULL,
	"name_en" text NOT NULL,
	"name_sw" text NOT NULL,
	"name_fr" text NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" char(3) NOT NULL,
	"symbol" text NOT NULL,
	"decimals" smallint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "currencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency_id" integer NOT NULL,
	"per_usd" numeric(18, 6) NOT NULL,
	"as_of" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "per_units" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_sw" text NOT NULL,
	"name_fr" text NOT NULL,
	"short_en" text NOT NULL,
	"short_sw" text NOT NULL,
	"short_fr" text NOT NULL,
	"for_board" boolean DEFAULT false NOT NULL,
	"for_seed" boolean DEFAULT false NOT NULL,
	"for_fertilizer" boolean DEFAULT false NOT NULL,
	"for_machinery" boolean DEFAULT false NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "per_units_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	"latitude" real,
	"longitude" real
);
--> statement-breakpoint
CREATE TABLE "villages" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"name" text NOT NULL,
	"latitude" real,
	"longitude" real
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"price_minor" bigint NOT NULL,
	"observed_on" date NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "villages" ADD CONSTRAINT "villages_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_prices" ADD CONSTRAINT "market_prices_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_prices" ADD CONSTRAINT "market_prices_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_prices" ADD CONSTRAINT "market_prices_unit_id_per_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."per_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_kind_slug_uq" ON "categories" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "categories_kind_parent_idx" ON "categories" USING btree ("kind","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_currency_date_uq" ON "exchange_rates" USING btree ("currency_id","as_of");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_country_name_uq" ON "regions" USING btree ("country_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "villages_region_name_uq" ON "villages" USING btree ("region_id","name");--> statement-breakpoint
CREATE INDEX "market_prices_series_idx" ON "market_prices" USING btree ("category_id","region_id","observed_on");--> statement-breakpoint
CREATE INDEX "market_prices_observed_idx" ON "market_prices" USING btree ("observed_on");