CREATE TABLE "offer_history_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
ALTER TABLE "offer_history_shares" ADD CONSTRAINT "offer_history_shares_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_history_shares" ADD CONSTRAINT "offer_history_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_history_shares" ADD CONSTRAINT "offer_history_shares_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_history_shares_token_uq" ON "offer_history_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "offer_history_shares_offer_idx" ON "offer_history_shares" USING btree ("offer_id","created_at" DESC NULLS LAST);