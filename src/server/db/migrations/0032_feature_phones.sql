-- The feature-phone channel (docs/feature-phones.md): USSD sessions kept in the database so any process answers the
-- next step, inbound SMS recorded once by the provider's id, the members' USSD PIN and its lock-outs, STOP, notices by
-- SMS (counted per member for the daily cap) and where an account was made. No page shows the three new tables, so
-- they get no render-cache trigger (tests/api/member-page-cache.test.ts lists them).
CREATE TABLE "sms_inbound" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"phone" text NOT NULL,
	"to_code" text,
	"text" text NOT NULL,
	"link_id" text,
	"received_at" timestamp with time zone,
	"user_id" integer,
	"command" text,
	"reply" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_inbound_provider_id_unique" UNIQUE("provider_id")
);
--> statement-breakpoint
CREATE TABLE "ussd_pin_lockouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ussd_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"user_id" integer,
	"service_code" text NOT NULL,
	"network_code" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"state" jsonb NOT NULL,
	"steps" integer DEFAULT 0 NOT NULL,
	"last_text" text DEFAULT '' NOT NULL,
	"last_screen" text,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ussd_pin_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ussd_pin_failures" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ussd_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_notification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_inbound" ADD CONSTRAINT "sms_inbound_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ussd_pin_lockouts" ADD CONSTRAINT "ussd_pin_lockouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ussd_sessions" ADD CONSTRAINT "ussd_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_inbound_created_idx" ON "sms_inbound" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ussd_pin_lockouts_created_idx" ON "ussd_pin_lockouts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ussd_pin_lockouts_user_idx" ON "ussd_pin_lockouts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ussd_sessions_created_idx" ON "ussd_sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ussd_sessions_user_idx" ON "ussd_sessions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_notices_idx" ON "sms_outbox" USING btree ("user_id","created_at") WHERE purpose = 'notice';--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
-- Accounts made without an e-mail have always heard of their chats by SMS: their notices by SMS stay on.
UPDATE "users" SET "sms_notification" = true WHERE "email" IS NULL;
