CREATE TABLE "contact_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor_role" text NOT NULL,
	"actor_email" text,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text,
	"before" jsonb,
	"after" jsonb,
	"note" text,
	"ip" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_log_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "moderation_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer,
	"target_type" text NOT NULL,
	"lot_id" integer,
	"reported_user_id" integer,
	"reason" text NOT NULL,
	"comment" text,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_reports_target_ck" CHECK ((target_type = 'lot') = (lot_id is not null))
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_factors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "lots_market_created_idx";--> statement-breakpoint
DROP INDEX "lots_market_price_idx";--> statement-breakpoint
DROP INDEX "lots_market_volume_idx";--> statement-breakpoint
DROP INDEX "lots_market_category_idx";--> statement-breakpoint
DROP INDEX "lots_market_region_idx";--> statement-breakpoint
DROP INDEX "lots_price_group_idx";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "per_units" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "staff_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "staff_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "hidden_by" integer;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "appeal_text" text;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "appealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "appeal_outcome" text;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "appeal_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "owner_blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "assigned_to" integer;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_reported_user_id_users_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_factors" ADD CONSTRAINT "staff_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_replies_message_idx" ON "contact_replies" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("object_type","object_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","seq");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "moderation_reports_status_idx" ON "moderation_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "moderation_reports_lot_idx" ON "moderation_reports" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "moderation_reports_user_idx" ON "moderation_reports" USING btree ("reported_user_id");--> statement-breakpoint
CREATE INDEX "staff_recovery_codes_user_idx" ON "staff_recovery_codes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lots_market_created_idx" ON "lots" USING btree ("kind","created_at","id","type","category_id","region_id","country_id","organic","latitude","photo_count","price_usd_cents") WHERE status in ('active', 'in_process') and hidden_at is null and owner_blocked_at is null;--> statement-breakpoint
CREATE INDEX "lots_market_price_idx" ON "lots" USING btree ("kind","price_usd_cents","id","type","category_id","region_id","country_id","organic","latitude","photo_count") WHERE status in ('active', 'in_process') and hidden_at is null and owner_blocked_at is null;--> statement-breakpoint
CREATE INDEX "lots_market_volume_idx" ON "lots" USING btree ("kind","volume","id","type","category_id","region_id","country_id","organic","latitude","photo_count","price_usd_cents") WHERE status in ('active', 'in_process') and hidden_at is null and owner_blocked_at is null;--> statement-breakpoint
CREATE INDEX "lots_market_category_idx" ON "lots" USING btree ("kind","category_id","created_at","id") WHERE status in ('active', 'in_process') and hidden_at is null and owner_blocked_at is null;--> statement-breakpoint
CREATE INDEX "lots_market_region_idx" ON "lots" USING btree ("kind","region_id","created_at","id") WHERE status in ('active', 'in_process') and hidden_at is null and owner_blocked_at is null;--> statement-breakpoint
CREATE INDEX "lots_price_group_idx" ON "lots" USING btree ("kind","category_id","per_unit_id","currency_id","type","price_minor","id") WHERE status in ('active', 'in_process') and hidden_at is null and owner_blocked_at is null;--> statement-breakpoint
-- The audit trail is append-only: nobody, administrators included, edits or deletes a row (docs/backoffice.md).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
