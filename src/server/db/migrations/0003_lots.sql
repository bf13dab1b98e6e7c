CREATE TABLE "lot_favorites" (
	"user_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lot_favorites_user_id_lot_id_pk" PRIMARY KEY("user_id","lot_id")
);
--> statement-breakpoint
CREATE TABLE "lot_photo_uploads" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lot_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"volume" numeric(14, 2) NOT NULL,
	"min_volume" numeric(14, 2),
	"max_volume" numeric(14, 2),
	"per_unit_id" integer NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency_id" integer NOT NULL,
	"price_usd_cents" bigint NOT NULL,
	"country_id" integer NOT NULL,
	"region_id" integer,
	"village_id" integer,
	"latitude" double precision,
	"longitude" double precision,
	"address" text,
	"organic" boolean DEFAULT false NOT NULL,
	"wholesale_only" boolean DEFAULT false NOT NULL,
	"delivery_price_per_km_minor" bigint,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"photo_count" smallint DEFAULT 0 NOT NULL,
	"search" "tsvector",
	"copied_from_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lot_favorites" ADD CONSTRAINT "lot_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_favorites" ADD CONSTRAINT "lot_favorites_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_photo_uploads" ADD CONSTRAINT "lot_photo_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_photos" ADD CONSTRAINT "lot_photos_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_per_unit_id_per_units_id_fk" FOREIGN KEY ("per_unit_id") REFERENCES "public"."per_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lot_favorites_lot_idx" ON "lot_favorites" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "lot_photos_lot_idx" ON "lot_photos" USING btree ("lot_id","position");--> statement-breakpoint
CREATE INDEX "lots_catalogue_created_idx" ON "lots" USING btree ("kind","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lots_catalogue_price_idx" ON "lots" USING btree ("kind","status","price_usd_cents","id");--> statement-breakpoint
CREATE INDEX "lots_catalogue_category_idx" ON "lots" USING btree ("kind","status","category_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lots_catalogue_region_idx" ON "lots" USING btree ("kind","status","region_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lots_catalogue_country_idx" ON "lots" USING btree ("kind","status","country_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lots_catalogue_type_idx" ON "lots" USING btree ("kind","status","type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lots_user_idx" ON "lots" USING btree ("user_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lots_search_idx" ON "lots" USING gin ("search");--> statement-breakpoint
CREATE INDEX "lots_geo_idx" ON "lots" USING btree ("kind","status") WHERE latitude is not null;