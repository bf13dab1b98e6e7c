import { and, asc, eq } from 'drizzle-orm';
import type { AddressInput } from '~/features/accounts/schemas';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn, regionNameIn } from '~/server/db/localized';
import { addresses, countries, regions, villages } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type CheckedPlace, assertPlace } from '~/server/services/reference/check-place';

/** The address's columns, its place as assertPlace checked it (a village alone names its region). */
const columns = (input: AddressInput, place: CheckedPlace) => ({
  label: input.label,
  countryId: place.countryId ?? input.country_id,
  regionId: place.regionId,
  villageId: place.villageId,
  city: input.city ?? null,
  street: input.street ?? null,
  house: input.house ?? null,
  latitude: input.latitude ?? null,
  longitude: input.longitude ?? null,
});

export async function createAddress(db: Executor, userId: number, input: AddressInput): Promise<{ id: number }> {
  const place = await assertPlace(db, input);
  const [row] = await db
    .insert(addresses)
    .values({ userId, ...columns(input, place) })
    .returning({ id: addresses.id });
  return row;
}

/** Changes one of the user's own addresses; another user's address is "not found", never changed. */
export async function updateAddress(db: Executor, userId: number, id: number, input: AddressInput): Promise<void> {
  const place = await assertPlace(db, input);
  const updated = await db
    .update(addresses)
    .set(columns(input, place))
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
