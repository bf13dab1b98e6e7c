ALTER TABLE "payments" ADD COLUMN "offer_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "deal_outcome" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_offer_idx" ON "payments" USING btree ("offer_id") WHERE offer_id is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_deal_ck" CHECK ((purpose = 'deal') = (offer_id is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_deal_outcome_ck" CHECK (deal_outcome is null or deal_outcome in ('held', 'left_available'));