import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { onMarket } from '~/server/services/lots/lot-item';
import type { Executor } from '~/server/db';
import { lots } from '~/server/db/schema';

/** `GET /technic-list/order-technic-maker`: the makers of active machinery lots, for the filter. */
export async function listTechnicMakers(db: Executor): Promise<{ name: string; count: number }[]> {
  const maker = sql<string>`${lots.details}->>'maker'`;
  const rows = await db
    .select({ name: maker, count: sql<number>`count(*)::int` })
    .from(lots)
    .where(and(eq(lots.kind, 'technic'), onMarket(), isNotNull(maker)))
    .groupBy(maker)
    .orderBy(asc(maker));
  return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
}

/** `GET /technic-list/order-working-radius`: the working radii offered (km), for the filter. */
export async function listWorkingRadii(db: Executor): Promise<number[]> {
  const radius = sql<number>`(${lots.details}->>'working_radius_km')::int`;
  const rows = await db
    .selectDistinct({ radius })
    .from(lots)
    .where(and(eq(lots.kind, 'technic'), onMarket(), sql`${lots.details} ? 'working_radius_km'`))
    .orderBy(asc(radius));
  return rows.map((r) => Number(r.radius));
}
