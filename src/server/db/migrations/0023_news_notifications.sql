CREATE TABLE "news_notifications" (
	"user_id" integer NOT NULL,
	"sent_on" date NOT NULL,
	"article_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_notifications_user_id_sent_on_pk" PRIMARY KEY("user_id","sent_on")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "news_categories" text[];--> statement-breakpoint
ALTER TABLE "news_notifications" ADD CONSTRAINT "news_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_notifications_sent_on_idx" ON "news_notifications" USING btree ("sent_on");