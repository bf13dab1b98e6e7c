import { LOT_KINDS, type LotKind } from '~/features/lots/constants';
import type { LotSearch } from '~/features/lots/schemas';
import type { Locale } from '~/i18n/config';
import { type Executor, getDb } from '~/server/db';
import type { Page } from '~/server/db/pagination';
import type { SessionUser } from '~/server/services/accounts/users';
import { countRoomsByLot } from '~/server/services/chat/count-lot-rooms';
import { countOffersByLot } from '~/server/services/deals/cabinet';
import type { LotItem } from '~/server/services/lots/lot-item';
import { listLots } from '~/server/services/lots/list-lots';

/** The user's lot lists (My lots, Favourite lots): one tab per kind, twelve lots a page, newest first. */

const PER_PAGE = 12;
const SORT = '-created_at';

export interface LotListPage {
  kind: LotKind;
  page: number;
  /** Lots per kind, for the tabs. */
  counts: Record<LotKind, number>;
  list: Page<LotItem>;
}

/** What the address asks for: a kind's tab (none when not chosen) and a page of it. */
export interface LotListRequest {
  kind: LotKind | undefined;
  page: number;
}

/**
 * The page of a list that the request asks for. Without a tab chosen: the first kind that has lots, else
 * `emptyKind`. The page checks `list._meta.pageCount` itself (a page emptied by removals leads to the last one).
 */
async function loadLotList(
  db: Executor,
  user: SessionUser,
  locale: Locale,
  search: LotSearch,
  request: LotListRequest,
  emptyKind: LotKind,
): Promise<LotListPage> {
  const counts = Object.fromEntries(
    await Promise.all(
      LOT_KINDS.map(
        async (kind) =>
          [
            kind,
            (await listLots(db, kind, search, { page: 1, perPage: 1, sort: SORT }, user, locale))._meta.totalCount,
          ] as const,
      ),
    ),
  ) as Record<LotKind, number>;
  const kind = request.kind ?? LOT_KINDS.find((k) => counts[k] > 0) ?? emptyKind;
  const { page } = request;
  const list = await listLots(db, kind, search, { page, perPage: PER_PAGE, sort: SORT }, user, locale);
  return { kind, page, counts, list };
}

/**
 * My lots: the user's own lots of every status (listLots includes every status for the owner), and per lot of
 * the page the offers on it, how many wait for the user, and how many chat rooms it has. Without a tab chosen: the first kind the user has
 * lots of, else `emptyKind` (the first kind they may add).
 */
export async function loadMyLotsPage(
  user: SessionUser,
  locale: Locale,
  request: LotListRequest,
  emptyKind: LotKind,
): Promise<
  LotListPage & { offerCounts: Awaited<ReturnType<typeof countOffersByLot>>; roomCounts: Map<number, number> }
> {
  const db = await getDb();
  const loaded = await loadLotList(db, user, locale, { user_id: user.id, price_from: 0 }, request, emptyKind);
  const lotIds = loaded.list.items.map((lot) => lot.id);
  const [offerCounts, roomCounts] = await Promise.all([
    countOffersByLot(db, user.id, lotIds),
    countRoomsByLot(db, user.id, lotIds),
  ]);
  return { ...loaded, offerCounts, roomCounts };
}

/**
 * Favourite lots: the lots the user marked, still on offer (listLots shows other people's lots only while
 * active). Without a tab chosen: the first kind the user keeps favourites of.
 */
export async function loadFavoritesPage(
  user: SessionUser,
  locale: Locale,
  request: LotListRequest,
): Promise<LotListPage> {
  return loadLotList(await getDb(), user, locale, { favorites: true, price_from: 0 }, request, 'board');
}
