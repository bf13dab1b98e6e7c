DROP INDEX "lots_catalogue_created_idx";--> statement-breakpoint
DROP INDEX "lots_catalogue_price_idx";--> statement-breakpoint
DROP INDEX "lots_catalogue_category_idx";--> statement-breakpoint
DROP INDEX "lots_catalogue_region_idx";--> statement-breakpoint
DROP INDEX "lots_catalogue_country_idx";--> statement-breakpoint
DROP INDEX "lots_catalogue_type_idx";--> statement-breakpoint
CREATE INDEX "lots_market_created_idx" ON "lots" USING btree ("kind","created_at","id","type","category_id","region_id","country_id","organic","latitude","photo_count","price_usd_cents") WHERE status in ('active', 'in_process');--> statement-breakpoint
CREATE INDEX "lots_market_price_idx" ON "lots" USING btree ("kind","price_usd_cents","id","type","category_id","region_id","country_id","organic","latitude","photo_count") WHERE status in ('active', 'in_process');--> statement-breakpoint
CREATE INDEX "lots_market_volume_idx" ON "lots" USING btree ("kind","volume","id","type","category_id","region_id","country_id","organic","latitude","photo_count","price_usd_cents") WHERE status in ('active', 'in_process');--> statement-breakpoint
CREATE INDEX "lots_market_category_idx" ON "lots" USING btree ("kind","category_id","created_at","id") WHERE status in ('active', 'in_process');--> statement-breakpoint
CREATE INDEX "lots_market_region_idx" ON "lots" USING btree ("kind","region_id","created_at","id") WHERE status in ('active', 'in_process');