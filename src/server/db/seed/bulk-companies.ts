import { sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';

/** Generated companies are marked by their registration number (`BULK-…`) and "(demo data)" in their description. */
export const BULK_ENTITY_PREFIX = 'BULK-';

/**
 * Many demo companies at once, for measuring the directory (`npm run db:seed -- --companies 10000`; the bench
 * does it): every type, spread over the regions of the reference data, some with a verification by a demo
 * account, all marked "(demo data)". Replaced, not added to, when run again. They are ordinary rows, indexed
 * like real ones.
 */
export async function seedBulkDemoCompanies(db: Executor, count: number): Promise<void> {
  await db.execute(sql`delete from companies where entity_number like ${`${BULK_ENTITY_PREFIX}%`}`);
  await db.execute(sql`
    with places as (select r.id as region_id, r.country_id, r.name, row_number() over (order by r.id) - 1 as n from regions r),
    words as (select array['Growers', 'Harvest', 'Grain', 'Valley', 'Highlands', 'Farmers', 'Agro', 'Produce', 'Green', 'Sunrise'] as w),
    kinds as (select array['Cooperative', 'Traders Ltd', 'Processors', 'Farm', 'Inputs', 'Logistics', 'Finance'] as k)
    insert into companies (title, entity_number, type_id, country_id, region_id, description, code, created_at, updated_at)
    select p.name || ' ' || (select w[1 + g % 10] from words) || ' ' || (select k[1 + g % 7] from kinds) || ' ' || g,
      ${BULK_ENTITY_PREFIX} || g, 1 + g % 7, p.country_id, case when g % 11 = 0 then null else p.region_id end,
      'Generated company for load measurements (demo data)', 'BULK' || g,
      now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from generate_series(1, ${count}::int) as g
    join places p on p.n = (g * 31) % (select count(*) from places)`);
  // One company in five verified, by the demo administrator (when the demo accounts are there).
  await db.execute(sql`
    insert into verifications (company_id, type, verified_by, note)
    select c.id, 'company_registration', u.id, 'Generated (demo data)'
    from companies c join users u on u.email = 'demo-admin@mavuno.test'
    where c.entity_number like ${`${BULK_ENTITY_PREFIX}%`} and c.id % 5 = 0`);
}
