CREATE TABLE "wallet_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"currency" char(3) NOT NULL,
	"user_id" integer,
	"offer_id" integer,
	"provider" text,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_accounts_id_currency_uq" UNIQUE("id","currency"),
	CONSTRAINT "wallet_accounts_kind_ck" CHECK (kind in ('member_available', 'deal_frozen', 'provider_clearing', 'payouts_in_flight', 'fees', 'refunds')),
	CONSTRAINT "wallet_accounts_owner_ck" CHECK ((user_id is not null) = (kind = 'member_available') and (offer_id is not null) = (kind = 'deal_frozen') and (provider is not null) = (kind = 'provider_clearing')),
	CONSTRAINT "wallet_accounts_balance_ck" CHECK (balance >= 0 or kind in ('provider_clearing', 'refunds'))
);
--> statement-breakpoint
CREATE TABLE "wallet_pending" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"source_account_id" integer NOT NULL,
	"hold_account_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_pending_amount_ck" CHECK (amount > 0),
	CONSTRAINT "wallet_pending_status_ck" CHECK (status in ('pending', 'posted', 'voided')),
	CONSTRAINT "wallet_pending_resolved_ck" CHECK ((status = 'pending') = (resolved_by is null))
);
--> statement-breakpoint
CREATE TABLE "wallet_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_postings_amount_ck" CHECK (amount <> 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"kind" text NOT NULL,
	"currency" char(3) NOT NULL,
	"cause" text NOT NULL,
	"offer_id" integer,
	"step" text,
	"pending_id" integer,
	"created_by" integer,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transfers_id_currency_uq" UNIQUE("id","currency"),
	CONSTRAINT "wallet_transfers_kind_ck" CHECK (kind in ('posted', 'pending', 'post_pending', 'void_pending')),
	CONSTRAINT "wallet_transfers_cause_ck" CHECK (cause in ('deal', 'top_up', 'payout', 'refund', 'fee', 'dispute_decision', 'correction')),
	CONSTRAINT "wallet_transfers_pending_ck" CHECK ((pending_id is not null) = (kind in ('post_pending', 'void_pending'))),
	CONSTRAINT "wallet_transfers_deal_ck" CHECK ((cause <> 'deal' or (offer_id is not null and step is not null)) and (cause <> 'dispute_decision' or offer_id is not null))
);
--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_pending" ADD CONSTRAINT "wallet_pending_transfer_id_wallet_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."wallet_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_pending" ADD CONSTRAINT "wallet_pending_source_account_id_wallet_accounts_id_fk" FOREIGN KEY ("source_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_pending" ADD CONSTRAINT "wallet_pending_hold_account_id_wallet_accounts_id_fk" FOREIGN KEY ("hold_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_pending" ADD CONSTRAINT "wallet_pending_resolved_by_wallet_transfers_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."wallet_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_postings" ADD CONSTRAINT "wallet_postings_transfer_fk" FOREIGN KEY ("transfer_id","currency") REFERENCES "public"."wallet_transfers"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_postings" ADD CONSTRAINT "wallet_postings_account_fk" FOREIGN KEY ("account_id","currency") REFERENCES "public"."wallet_accounts"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD CONSTRAINT "wallet_transfers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD CONSTRAINT "wallet_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_member_uq" ON "wallet_accounts" USING btree ("user_id","currency") WHERE kind = 'member_available';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_deal_uq" ON "wallet_accounts" USING btree ("offer_id") WHERE kind = 'deal_frozen';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_provider_uq" ON "wallet_accounts" USING btree ("provider","currency") WHERE kind = 'provider_clearing';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_platform_uq" ON "wallet_accounts" USING btree ("kind","currency") WHERE kind in ('payouts_in_flight', 'fees', 'refunds');--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_pending_transfer_uq" ON "wallet_pending" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_pending_resolved_uq" ON "wallet_pending" USING btree ("resolved_by") WHERE resolved_by is not null;--> statement-breakpoint
CREATE INDEX "wallet_pending_source_idx" ON "wallet_pending" USING btree ("source_account_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "wallet_postings_transfer_idx" ON "wallet_postings" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "wallet_postings_account_idx" ON "wallet_postings" USING btree ("account_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transfers_key_uq" ON "wallet_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "wallet_transfers_offer_idx" ON "wallet_transfers" USING btree ("offer_id") WHERE offer_id is not null;--> statement-breakpoint
-- Written by hand (docs/wallet.md): transfers and postings are immutable; a correction is a new transfer.
CREATE FUNCTION wallet_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet: % of % is refused: the ledger is append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER wallet_postings_immutable BEFORE UPDATE OR DELETE ON "wallet_postings"
  FOR EACH ROW EXECUTE FUNCTION wallet_refuse_change();--> statement-breakpoint
CREATE TRIGGER wallet_postings_no_truncate BEFORE TRUNCATE ON "wallet_postings"
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_refuse_change();--> statement-breakpoint
CREATE TRIGGER wallet_transfers_immutable BEFORE UPDATE OR DELETE ON "wallet_transfers"
  FOR EACH ROW EXECUTE FUNCTION wallet_refuse_change();--> statement-breakpoint
CREATE TRIGGER wallet_transfers_no_truncate BEFORE TRUNCATE ON "wallet_transfers"
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_refuse_change();--> statement-breakpoint
-- Checked at commit: each transfer's postings are at least two and sum to zero.
CREATE FUNCTION wallet_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  n integer;
BEGIN
  SELECT coalesce(sum(amount), 0), count(*) INTO total, n FROM wallet_postings WHERE transfer_id = NEW.transfer_id;
  IF total <> 0 OR n < 2 THEN
    RAISE EXCEPTION 'wallet: transfer % is not balanced (% postings, sum %)', NEW.transfer_id, n, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER wallet_postings_balanced AFTER INSERT ON "wallet_postings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION wallet_check_balanced();--> statement-breakpoint
-- A pending transfer changes once, from pending to posted or voided with its resolving transfer; never deleted.
CREATE FUNCTION wallet_pending_resolve_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.status <> 'pending' OR NEW.status NOT IN ('posted', 'voided')
     OR NEW.resolved_by IS NULL OR NEW.id <> OLD.id OR NEW.transfer_id <> OLD.transfer_id
     OR NEW.source_account_id <> OLD.source_account_id OR NEW.hold_account_id <> OLD.hold_account_id
     OR NEW.amount <> OLD.amount OR NEW.currency <> OLD.currency THEN
    RAISE EXCEPTION 'wallet: pending transfer % is already resolved or cannot change so', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER wallet_pending_once BEFORE UPDATE OR DELETE ON "wallet_pending"
  FOR EACH ROW EXECUTE FUNCTION wallet_pending_resolve_once();--> statement-breakpoint
CREATE TRIGGER wallet_pending_no_truncate BEFORE TRUNCATE ON "wallet_pending"
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_refuse_change();
