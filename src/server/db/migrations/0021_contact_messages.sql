CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"locale" text NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_status_ck" CHECK (status in ('new', 'answered', 'closed')),
	CONSTRAINT "contact_messages_topic_ck" CHECK (topic in ('general', 'account', 'lots_and_deals', 'payments_and_wallet', 'companies_and_verification', 'technical', 'other')),
	CONSTRAINT "contact_messages_reach_ck" CHECK (email is not null or phone is not null)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_status_created_idx" ON "contact_messages" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id") WHERE user_id is not null;