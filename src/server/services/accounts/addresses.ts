import { and, asc, eq } from 'drizzle-orm';
import type { AddressInput } from '~/features/accounts/schemas';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn, regionNameIn } from '~/server/db/localized';
import { addresses, countries, regions, villages } from '~/server/db/schema';
import { AppError } from '~/server/errors';

const invalid = (field: string) =>
  new AppError('validation_failed', 'errors.validation_failed', {
    fields: { [field]: [{ key: 'validation.invalid_option' }] },
  });

/** The region must be in the country and the village in the region; otherwise a field error names which. */
async function checkPlaces(db: Executor, input: AddressInput): Promise<void> {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, input.country_id));
  if (!country) throw invalid('country_id');
  if (input.region_id) {
    const [region] = await db
      .select({ id: regions.id })
      .from(regions)
      .where(and(eq(regions.id, input.region_id), eq(regions.countryId, input.country_id)));
    if (!region) throw invalid('region_id');
  }
  if (input.village_id) {
    if (!input.region_id) throw invalid('region_id');
    const [village] = await db
      .select({ id: villages.id })
      .from(villages)
      .where(and(eq(villages.id, input.village_id), eq(villages.regionId, input.region_id)));
    if (!village) throw invalid('village_id');
  }
}

const columns = (input: AddressInput) => ({
  label: input.label,
  countryId: input.country_id,
  regionId: input.region_id ?? null,
  villageId: input.village_id ?? null,
  city: input.city ?? null,
  street: input.street ?? null,
  house: input.house ?? null,
  latitude: input.latitude ?? null,
  longitude: input.longitude ?? null,
});

export async function createAddress(db: Executor, userId: number, input: AddressInput): Promise<{ id: number }> {
  await checkPlaces(db, input);
  const [row] = await db
    .insert(addresses)
    .values({ userId, ...columns(input) })
    .returning({ id: addresses.id });
  return row;
}

/** Changes one of the user's own addresses; another user's address is "not found", never changed. */
export async function updateAddress(db: Executor, userId: number, id: number, input: AddressInput): Promise<void> {
  await checkPlaces(db, input);
  const updated = await db
    .update(addresses)
    .set(columns(input))
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (updated.length === 0) throw new AppError('not_found', 'errors.not_found');
}

export async function deleteAddress(db: Executor, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (deleted.length === 0) throw new AppError('not_found', 'errors.not_found');
}

/** The user's addresses with place names in the caller's language, oldest first. */
export async function listAddresses(db: Executor, userId: number, locale: Locale) {
  return db
    .select({
      id: addresses.id,
      label: addresses.label,
      country_id: addresses.countryId,
      country: localizedColumn(countries, 'name', locale),
      region_id: addresses.regionId,
      region: regionNameIn(locale),
      village_id: addresses.villageId,
      village: villages.name,
      city: addresses.city,
      street: addresses.street,
      house: addresses.house,
      latitude: addresses.latitude,
      longitude: addresses.longitude,
    })
    .from(addresses)
    .innerJoin(countries, eq(countries.id, addresses.countryId))
    .leftJoin(regions, eq(regions.id, addresses.regionId))
    .leftJoin(villages, eq(villages.id, addresses.villageId))
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.id));
}
