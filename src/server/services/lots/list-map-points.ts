import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { LotKind } from '~/features/lots/constants';
import type { LotSearch } from '~/features/lots/schemas';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import { countries, currencies, lots, perUnits, regions } from '~/server/db/schema';
import type { SessionUser } from '~/server/services/accounts/users';
import { catalogueConditions } from './list-lots';

/**
 * Points of a catalogue's map: every matching lot with a location (newest first, at most `limit`), with just
 * what a pin's popup shows — not the page's twelve lots, so clusters mean something.
 */
export async function listMapPoints(
  db: Executor,
  kind: LotKind,
  search: LotSearch,
  viewer: SessionUser | null,
  locale: Locale = 'en',
  limit = 2000,
) {
  const where = and(...(await catalogueConditions(db, kind, search, viewer)), isNotNull(lots.latitude));
  const rows = await db
    .select({
      id: lots.id,
      title: lots.title,
      latitude: lots.latitude,
      longitude: lots.longitude,
      price_minor: lots.priceMinor,
      currency: currencies.code,
      decimals: currencies.decimals,
      unit: localizedColumn(perUnits, 'short', locale),
      // A machine for rent is priced per its rate's unit (hour, day, acre, hectare), not per machine.
      type: lots.type,
      rent_per: sql<string | null>`${lots.details}->>'rent_per'`,
      region: regions.name,
      country: localizedColumn(countries, 'name', locale),
    })
    .from(lots)
    .innerJoin(currencies, eq(currencies.id, lots.currencyId))
    .innerJoin(perUnits, eq(perUnits.id, lots.perUnitId))
    .innerJoin(countries, eq(countries.id, lots.countryId))
    .leftJoin(regions, eq(regions.id, lots.regionId))
    .where(where)
    .orderBy(desc(lots.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    currency: row.currency.trim(),
    latitude: row.latitude!,
    longitude: row.longitude!,
  }));
}
