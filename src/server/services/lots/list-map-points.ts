import { and, desc, isNotNull, sql } from 'drizzle-orm';
import type { LotKind } from '~/features/lots/constants';
import type { LotSearch } from '~/features/lots/schemas';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { lots } from '~/server/db/schema';
import type { SessionUser } from '~/server/services/accounts/users';
import { loadReferenceNames } from '~/server/services/reference/reference-names';
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
      kind: lots.kind,
      title: lots.title,
      latitude: lots.latitude,
      longitude: lots.longitude,
      price_minor: lots.priceMinor,
      // A machine for rent is priced per its rate's unit (hour, day, acre, hectare), not per machine.
      type: lots.type,
      rent_per: sql<string | null>`${lots.details}->>'rent_per'`,
      categoryId: lots.categoryId,
      perUnitId: lots.perUnitId,
      currencyId: lots.currencyId,
      countryId: lots.countryId,
      regionId: lots.regionId,
      villageId: lots.villageId,
    })
    .from(lots)
    .where(where)
    .orderBy(desc(lots.createdAt))
    .limit(limit);
  // Names from the memoised reference lists, as in every lot answer (lot-item.ts).
  const names = await loadReferenceNames(db, rows);
  return rows.map(
    ({ kind: _kind, categoryId: _c, perUnitId, currencyId, countryId, regionId, villageId: _v, ...row }) => {
      const currency = names.currencies.get(currencyId);
      return {
        ...row,
        currency: currency?.code ?? '',
        decimals: currency?.decimals ?? 2,
        unit: names.units.get(perUnitId)?.[locale] ?? '',
        region: regionId === null ? null : (names.regions.get(regionId)?.[locale] ?? null),
        country: names.countries.get(countryId)?.[locale] ?? '',
        latitude: row.latitude!,
        longitude: row.longitude!,
      };
    },
  );
}
