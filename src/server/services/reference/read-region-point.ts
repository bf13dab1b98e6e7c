import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { regions } from '~/server/db/schema';

/** A region's point (its centre in the reference data), or undefined without one: where a place without a village stands. */
export async function readRegionPoint(
  db: Executor,
  regionId: number | null | undefined,
): Promise<{ latitude: number; longitude: number } | undefined> {
  if (!regionId) return undefined;
  const [row] = await db
    .select({ latitude: regions.latitude, longitude: regions.longitude })
    .from(regions)
    .where(eq(regions.id, regionId));
  return row?.latitude != null && row.longitude != null
    ? { latitude: row.latitude, longitude: row.longitude }
    : undefined;
}
