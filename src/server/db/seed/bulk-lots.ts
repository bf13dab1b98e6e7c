import { sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';

/**
 * Many demo lots at once, for measuring catalogue queries (`npm run db:seed -- --lots 100000`; `npm run bench`
 * does it). Generated in SQL: board lots spread over real crop categories, regions and demo sellers, priced in
 * the region's currency, all marked "(demo data)". They are ordinary rows, indexed like real ones.
 */
export async function seedBulkDemoLots(db: Executor, count: number): Promise<void> {
  await db.execute(sql`
    with leaves as (select id, name_en, row_number() over (order by id) - 1 as n from categories where kind = 'board' and parent_id is not null),
    places as (select r.id as region_id, r.country_id, r.latitude, r.longitude, row_number() over (order by r.id) - 1 as n from regions r),
    sellers as (select id, row_number() over (order by id) - 1 as n from users where email like 'demo-%@mavuno.test'),
    usd as (select id from currencies where code = 'USD')
    insert into lots (kind, type, status, user_id, category_id, title, description, volume, min_volume, max_volume, per_unit_id,
      price_minor, currency_id, price_usd_cents, country_id, region_id, latitude, longitude, organic, details, created_at, updated_at)
    select 'board', case when g % 4 = 0 then 'buy' else 'sell' end, 'active',
      (select id from sellers where n = g % (select count(*) from sellers)),
      l.id, l.name_en || ' lot ' || g, 'Generated lot for load measurements (demo data)',
      (10 + g % 500)::numeric, 1, (5 + g % 200)::numeric, 2,
      (5000 + (g * 7919) % 90000) * 100, (select id from usd), (5000 + (g * 7919) % 90000) * 100,
      p.country_id, p.region_id,
      case when g % 3 = 0 then p.latitude + ((g % 7) - 3) * 0.01 end, case when g % 3 = 0 then p.longitude + ((g % 5) - 2) * 0.01 end,
      g % 10 = 0, jsonb_build_object('crop_name', l.name_en),
      now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from generate_series(1, ${count}) as g
    join leaves l on l.n = g % (select count(*) from leaves)
    join places p on p.n = (g * 31) % (select count(*) from places)`);
  await db.execute(sql`
    update lots set search = to_tsvector('simple', lots.title || ' ' || coalesce(lots.details->>'crop_name', '') || ' ' ||
      coalesce((select c.name_en || ' ' || c.name_sw || ' ' || c.name_fr from categories c where c.kind = lots.kind and c.id = lots.category_id), ''))
    where search is null`);
}
