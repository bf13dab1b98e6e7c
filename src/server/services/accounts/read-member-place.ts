import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { addresses } from '~/server/db/schema';

/** Where a member farms or trades from, as far as their addresses say. */
export interface MemberPlace {
  countryId: number | null;
  regionId: number | null;
  villageId: number | null;
}

/**
 * A member's home place (docs/feature-phones.md): the first of their addresses that names a village, else the first
 * that names a region, else the first; without addresses, their country alone. What the phone channels mean by "near
 * me" and "my region", and where a lot sold from a phone stands.
 */
export async function readMemberPlace(
  db: Executor,
  member: { id: number; countryId: number | null },
): Promise<MemberPlace> {
  const [row] = await db
    .select({ countryId: addresses.countryId, regionId: addresses.regionId, villageId: addresses.villageId })
    .from(addresses)
    .where(eq(addresses.userId, member.id))
    .orderBy(sql`(${addresses.villageId} is null)`, sql`(${addresses.regionId} is null)`, asc(addresses.id))
    .limit(1);
  return row ?? { countryId: member.countryId, regionId: null, villageId: null };
}
