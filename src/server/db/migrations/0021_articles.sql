CREATE TABLE "article_lot_categories" (
	"article_id" integer NOT NULL,
	"category_kind" text NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "article_lot_categories_article_id_category_kind_category_id_pk" PRIMARY KEY("article_id","category_kind","category_id")
);
--> statement-breakpoint
CREATE TABLE "article_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"editor_id" integer,
	"action" text NOT NULL,
	"changes" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_translations" (
	"article_id" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_translations_article_id_locale_pk" PRIMARY KEY("article_id","locale"),
	CONSTRAINT "article_translations_locale_ck" CHECK (locale in ('en', 'sw', 'fr'))
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"category" text NOT NULL,
	"cover_path" text,
	"cover_alt" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"author_id" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_category_ck" CHECK (category in ('market_news', 'advice', 'policy', 'mavuno_news')),
	CONSTRAINT "articles_state_ck" CHECK (state in ('draft', 'scheduled', 'published', 'unpublished')),
	CONSTRAINT "articles_scheduled_ck" CHECK (state <> 'scheduled' or publish_at is not null)
);
--> statement-breakpoint
ALTER TABLE "article_lot_categories" ADD CONSTRAINT "article_lot_categories_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_lot_categories" ADD CONSTRAINT "article_lot_categories_category_fk" FOREIGN KEY ("category_kind","category_id") REFERENCES "public"."categories"("kind","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_translations" ADD CONSTRAINT "article_translations_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_lot_categories_category_idx" ON "article_lot_categories" USING btree ("category_kind","category_id");--> statement-breakpoint
CREATE INDEX "article_revisions_article_idx" ON "article_revisions" USING btree ("article_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_uq" ON "articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "articles"."state" = 'published';--> statement-breakpoint
CREATE INDEX "articles_category_published_idx" ON "articles" USING btree ("category","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "articles"."state" = 'published';--> statement-breakpoint
CREATE INDEX "articles_state_idx" ON "articles" USING btree ("state","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "articles_due_idx" ON "articles" USING btree ("publish_at") WHERE "articles"."state" = 'scheduled';