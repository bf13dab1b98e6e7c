CREATE TABLE "deal_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"opened_by" integer NOT NULL,
	"reason" text NOT NULL,
	"comment" text,
	"status" text DEFAULT 'open' NOT NULL,
	"decision" text,
	"seller_amount" bigint,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_disputes_status_ck" CHECK (status in ('open', 'resolved')),
	CONSTRAINT "deal_disputes_reason_ck" CHECK (reason in ('not_received', 'not_as_described', 'quantity_short', 'other')),
	CONSTRAINT "deal_disputes_decision_ck" CHECK ((status = 'open' and decision is null and decided_at is null) or (status = 'resolved' and decision in ('release', 'refund', 'split') and decided_at is not null and seller_amount is not null))
);
--> statement-breakpoint
CREATE TABLE "deal_release_notices" (
	"offer_id" integer PRIMARY KEY NOT NULL,
	"warned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_disputes" ADD CONSTRAINT "deal_disputes_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_disputes" ADD CONSTRAINT "deal_disputes_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_disputes" ADD CONSTRAINT "deal_disputes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_release_notices" ADD CONSTRAINT "deal_release_notices_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_disputes_open_uq" ON "deal_disputes" USING btree ("offer_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "deal_disputes_offer_idx" ON "deal_disputes" USING btree ("offer_id");