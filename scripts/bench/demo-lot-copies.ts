import { sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { lots } from '~/server/db/schema';

/**
 * One lot for each of `ownerIds`: a copy of an active demo board lot (every column but the id, the owner and the
 * counters of its own), marked as generated demo data. The bench setups that need members with lots (the chat's, the
 * USSD menu's) make them here, so a new column of `lots` is copied in one place. Answers each owner's lot id.
 */
export async function copyDemoLotTo(db: Executor, ownerIds: readonly number[]): Promise<Map<number, number>> {
  const [template] = await db
    .select({ id: lots.id })
    .from(lots)
    .where(sql`${lots.kind} = 'board' and ${lots.status} = 'active'`)
    .limit(1);
  if (!template) throw new Error('no active board lot to copy: run the demo seed first');
  const copied = (await db.execute(sql`
    insert into lots (kind, type, status, user_id, category_id, title, description, volume, min_volume, max_volume,
      per_unit_id, price_minor, currency_id, price_usd_cents, country_id, region_id, village_id, latitude, longitude,
      organic, details)
    select t.kind, t.type, t.status, o.id, t.category_id, t.title, 'Generated lot for load measurements (demo data)',
      t.volume, t.min_volume, t.max_volume, t.per_unit_id, t.price_minor, t.currency_id, t.price_usd_cents,
      t.country_id, t.region_id, t.village_id, t.latitude, t.longitude, t.organic, t.details
    from lots t cross join unnest(${sql.raw(`array[${ownerIds.map(Number).join(',')}]::int[]`)}) as o(id)
    where t.id = ${template.id}
    returning id, user_id`)) as unknown as { rows: { id: number; user_id: number }[] };
  return new Map(copied.rows.map((row) => [Number(row.user_id), Number(row.id)]));
}
