CREATE TABLE "finance_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"purpose" text NOT NULL,
	"amount_min_minor" bigint NOT NULL,
	"amount_max_minor" bigint NOT NULL,
	"currency_id" integer NOT NULL,
	"rate_text" jsonb NOT NULL,
	"term_text" jsonb NOT NULL,
	"eligibility" jsonb NOT NULL,
	"country_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_products_purpose_ck" CHECK ("finance_products"."purpose" in ('inputs', 'machinery', 'warehouse_receipt', 'working_capital')),
	CONSTRAINT "finance_products_amounts_ck" CHECK ("finance_products"."amount_min_minor" >= 0 and "finance_products"."amount_max_minor" >= "finance_products"."amount_min_minor")
);
--> statement-breakpoint
CREATE TABLE "finance_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact_email" text NOT NULL,
	"website" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_application_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_application_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" integer,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"plan" text NOT NULL,
	"consent" boolean NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_applications_status_ck" CHECK ("loan_applications"."status" in ('sent', 'in_review', 'approved', 'declined')),
	CONSTRAINT "loan_applications_consent_ck" CHECK ("loan_applications"."consent")
);
--> statement-breakpoint
ALTER TABLE "finance_products" ADD CONSTRAINT "finance_products_provider_id_finance_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."finance_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_products" ADD CONSTRAINT "finance_products_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_application_documents" ADD CONSTRAINT "loan_application_documents_application_id_loan_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."loan_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_application_events" ADD CONSTRAINT "loan_application_events_application_id_loan_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."loan_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_application_events" ADD CONSTRAINT "loan_application_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_product_id_finance_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."finance_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finance_products_active_idx" ON "finance_products" USING btree ("purpose","id") WHERE "finance_products"."is_active";--> statement-breakpoint
CREATE INDEX "loan_application_documents_app_idx" ON "loan_application_documents" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "loan_application_events_app_idx" ON "loan_application_events" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "loan_applications_user_idx" ON "loan_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_applications_token_uq" ON "loan_applications" USING btree ("token_hash");