CREATE TABLE "offer_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"actor_id" integer NOT NULL,
	"action" text NOT NULL,
	"status" smallint NOT NULL,
	"delivery_status" smallint NOT NULL,
	"payment_status" smallint NOT NULL,
	"comment" text,
	"data" jsonb,
	"photo_key" text,
	"photo_sha256" text,
	"document_key" text,
	"document_name" text,
	"document_sha256" text,
	"created_at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"offer_type" smallint NOT NULL,
	"status" smallint NOT NULL,
	"buyer_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"per_unit_id" integer NOT NULL,
	"lot_price_minor" bigint NOT NULL,
	"price_minor" bigint NOT NULL,
	"volume" numeric(14, 2) NOT NULL,
	"delivery_type" smallint NOT NULL,
	"delivery_price_per_km_minor" bigint DEFAULT 0 NOT NULL,
	"delivery_distance" numeric(10, 2) DEFAULT '0' NOT NULL,
	"delivery_from" text,
	"delivery_to" text,
	"payment_type" smallint NOT NULL,
	"delivery_status" smallint DEFAULT 0 NOT NULL,
	"payment_status" smallint DEFAULT 0 NOT NULL,
	"comment" text,
	"approved_directly" boolean DEFAULT false NOT NULL,
	"booking_from" date,
	"booking_to" date,
	"hour_from" smallint,
	"hour_to" smallint,
	"rent_per" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deal_notification" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "reserved_volume" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_per_unit_id_per_units_id_fk" FOREIGN KEY ("per_unit_id") REFERENCES "public"."per_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_feedback" ADD CONSTRAINT "user_feedback_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_feedback" ADD CONSTRAINT "user_feedback_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_feedback" ADD CONSTRAINT "user_feedback_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_events_seq_uq" ON "offer_events" USING btree ("offer_id","seq");--> statement-breakpoint
CREATE INDEX "offers_seller_idx" ON "offers" USING btree ("seller_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_buyer_idx" ON "offers" USING btree ("buyer_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_lot_idx" ON "offers" USING btree ("lot_id","status");--> statement-breakpoint
CREATE INDEX "offers_booking_idx" ON "offers" USING btree ("lot_id","booking_from") WHERE booking_from is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_feedback_once_uq" ON "user_feedback" USING btree ("offer_id","from_user_id");--> statement-breakpoint
CREATE INDEX "user_feedback_to_idx" ON "user_feedback" USING btree ("to_user_id","created_at" DESC NULLS LAST);