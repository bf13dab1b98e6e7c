CREATE TABLE "member_warehouse_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"category_kind" text NOT NULL,
	"category_id" integer NOT NULL,
	"quantity" numeric(14, 2) NOT NULL,
	"per_unit_id" integer NOT NULL,
	"quality_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_warehouse_products_quantity_ck" CHECK (quantity >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"system_warehouse_id" integer,
	"description" text,
	"address" text,
	"phone" text,
	"email" text,
	"country_id" integer,
	"region_id" integer,
	"village_id" integer,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"operator" text,
	"kind" text NOT NULL,
	"capacity_tonnes" numeric(12, 1),
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"phone" text,
	"email" text,
	"note" text,
	"country_id" integer NOT NULL,
	"region_id" integer,
	"village_id" integer,
	"latitude" double precision,
	"longitude" double precision,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "system_warehouses_kind_ck" CHECK (kind in ('public_reserve_depot', 'village_store', 'cooperative_store', 'private_certified_warehouse', 'cold_store')),
	CONSTRAINT "system_warehouses_capacity_ck" CHECK (capacity_tonnes is null or capacity_tonnes >= 0)
);
--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "warehouse_id" integer;--> statement-breakpoint
ALTER TABLE "member_warehouse_products" ADD CONSTRAINT "member_warehouse_products_warehouse_id_member_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."member_warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_warehouse_products" ADD CONSTRAINT "member_warehouse_products_per_unit_id_per_units_id_fk" FOREIGN KEY ("per_unit_id") REFERENCES "public"."per_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_warehouse_products" ADD CONSTRAINT "member_warehouse_products_category_fk" FOREIGN KEY ("category_kind","category_id") REFERENCES "public"."categories"("kind","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_warehouses" ADD CONSTRAINT "member_warehouses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_warehouses" ADD CONSTRAINT "member_warehouses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_warehouses" ADD CONSTRAINT "member_warehouses_system_warehouse_id_system_warehouses_id_fk" FOREIGN KEY ("system_warehouse_id") REFERENCES "public"."system_warehouses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_warehouses" ADD CONSTRAINT "member_warehouses_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_warehouses" ADD CONSTRAINT "member_warehouses_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_warehouses" ADD CONSTRAINT "member_warehouses_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_warehouses" ADD CONSTRAINT "system_warehouses_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_warehouses" ADD CONSTRAINT "system_warehouses_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_warehouses" ADD CONSTRAINT "system_warehouses_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_warehouse_products_warehouse_idx" ON "member_warehouse_products" USING btree ("warehouse_id","id");--> statement-breakpoint
CREATE INDEX "member_warehouses_user_idx" ON "member_warehouses" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "member_warehouses_company_idx" ON "member_warehouses" USING btree ("company_id","id") WHERE company_id is not null;--> statement-breakpoint
CREATE INDEX "member_warehouses_system_idx" ON "member_warehouses" USING btree ("system_warehouse_id") WHERE system_warehouse_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "system_warehouses_country_title_uq" ON "system_warehouses" USING btree ("country_id","title");--> statement-breakpoint
CREATE INDEX "system_warehouses_country_idx" ON "system_warehouses" USING btree ("country_id","region_id","title","id") WHERE retired_at is null;--> statement-breakpoint
CREATE INDEX "system_warehouses_kind_idx" ON "system_warehouses" USING btree ("kind","country_id","title","id") WHERE retired_at is null;--> statement-breakpoint
CREATE INDEX "system_warehouses_village_idx" ON "system_warehouses" USING btree ("village_id") WHERE retired_at is null and village_id is not null;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_warehouse_id_member_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."member_warehouses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lots_warehouse_idx" ON "lots" USING btree ("warehouse_id") WHERE warehouse_id is not null;