import { and, eq, inArray } from 'drizzle-orm';
import type { ProfileFormKind } from '~/features/companies/constants';
import type { MemberProfileData } from '~/features/companies/profile-forms';
import type { Executor } from '~/server/db';
import { categories, memberProfiles, regions } from '~/server/db/schema';
import { AppError, type LocalizedMessage } from '~/server/errors';

/** Ids of `wanted` that are not among `found`. */
const missing = (wanted: number[], found: { id: number }[]) => wanted.some((id) => !found.some((row) => row.id === id));

/**
 * `POST /user/profile-form?kind=` and the profile form pages (docs/companies.md "Profiles"): the signed-in member's
 * own profile of one kind, already read by the kind's schema (profileFormSchema), its crops being categories of
 * board lots and its regions known regions (else a 422 on the field); saved whole (one row per member and kind, replaced). The member is
 * always the caller: nobody writes another member's profile.
 */
export async function saveMemberProfile(
  db: Executor,
  userId: number,
  kind: ProfileFormKind,
  data: MemberProfileData,
): Promise<MemberProfileData> {
  const errors: Record<string, LocalizedMessage[]> = {};
  const cropField = 'commodities' in data ? 'commodities' : 'crops';
  const crops = 'commodities' in data ? data.commodities : data.crops;
  const foundCrops = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.kind, 'board'), inArray(categories.id, crops)));
  if (missing(crops, foundCrops)) errors[cropField] = [{ key: 'validation.invalid_option' }];
  if ('regions' in data) {
    const found = await db.select({ id: regions.id }).from(regions).where(inArray(regions.id, data.regions));
    if (missing(data.regions, found)) errors.regions = [{ key: 'validation.invalid_option' }];
  }
  if (Object.keys(errors).length > 0)
    throw new AppError('validation_failed', 'errors.validation_failed', { fields: errors });
  const stored = data as unknown as Record<string, unknown>;
  await db
    .insert(memberProfiles)
    .values({ userId, kind, data: stored })
    .onConflictDoUpdate({
      target: [memberProfiles.userId, memberProfiles.kind],
      set: { data: stored, updatedAt: new Date() },
    });
  return data;
}
