import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { LotKind } from '../../../features/lots/constants';
import type { LotSearch } from '../../../features/lots/schemas';
import type { Executor } from '../../db';
import { currencies, lots } from '../../db/schema';
import type { SessionUser } from '../accounts/users';
import { catalogueConditions } from './list-lots';

/** Points of a catalogue's map: every matching lot with a location (newest first, at most `limit`), lightly. */
export async function listMapPoints(db: Executor, kind: LotKind, search: LotSearch, viewer: SessionUser | null, limit = 2000) {
  const where = and(...(await catalogueConditions(db, kind, search, viewer)), isNotNull(lots.latitude));
  const rows = await db
    .select({ id: lots.id, title: lots.title, latitude: lots.latitude, longitude: lots.longitude, price_minor: lots.priceMinor, currency: currencies.code, decimals: currencies.decimals })
    .from(lots)
    .innerJoin(currencies, eq(currencies.id, lots.currencyId))
    .where(where)
    .orderBy(desc(lots.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, currency: row.currency.trim() }));
}
