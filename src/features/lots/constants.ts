/**
 * One lot model (docs/lots.md): board (crop) lots, seed lots, fertilizer lots and technic (machinery) lots
 * share one table with a `kind`. This file names each kind the way the API and the site's addresses speak of it.
 */
export const LOT_KINDS = ['board', 'seed', 'fertilizer', 'technic'] as const;
export type LotKind = (typeof LOT_KINDS)[number];

export const LOT_STATUSES = ['active', 'not_active', 'in_process', 'success', 'closed'] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];
/** Lots in catalogues and open to offers: active ones, and those with a deal under way and volume left (docs/deals.md). */
export const ON_MARKET_STATUSES = ['active', 'in_process'] as const satisfies readonly LotStatus[];

export const LOT_TYPES = ['sell', 'buy', 'rent'] as const;
export type LotType = (typeof LOT_TYPES)[number];

export const RENT_PER = ['hour', 'day', 'acre', 'hectare'] as const;
export type RentPer = (typeof RENT_PER)[number];
export const PRICE_TYPES = ['fixed', 'negotiable'] as const;
export const MAX_LOT_PHOTOS = 10;
export const LOT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Photo widths stored for responsive images (srcset). */
export const LOT_PHOTO_WIDTHS = [320, 800, 1600] as const;
export const USER_ITEMS_LIMIT = 50;

export interface KindMeta {
  kind: LotKind;
  /** API path prefix: /api-v2/board-list/index */
  apiPrefix: 'board-list' | 'seeds-list' | 'fertilizer-list' | 'technic-list';
  /** Form wrapper of create/update: BoardList[price] */
  wrapper: 'BoardList' | 'SeedsList' | 'FertilizerList' | 'TechnicList';
  /** Search object of index: BoardQuoteSearch[region_id] */
  search: 'BoardQuoteSearch' | 'SeedQuoteSearch' | 'FertilizerQuoteSearch' | 'TechnicQuoteSearch';
  /** Category filter field inside the search object. */
  categoryFilter: 'boards_category_id' | 'seeds_category_id' | 'fertilizer_category_id' | 'technic_category_id';
  /** Id field of the favourite endpoints: board_id, seeds_id… */
  favoriteField: 'board_id' | 'seeds_id' | 'fertilizer_id' | 'technic_id';
  /** Favourite endpoint suffix: add-favorites-board-list */
  favoriteSuffix: 'board-list' | 'seeds-list' | 'fertilizer-list' | 'technic-list';
  /** `order_type` of offers and chat rooms. */
  orderType: 'board_list' | 'seeds_list' | 'fertilizer_list' | 'technic_list';
  /** Site path of the catalogue and lot pages: /board/12 */
  sitePath: '/board' | '/seed' | '/fertil' | '/agrotechnic';
  types: readonly LotType[];
  unitCategory: 'for_board' | 'for_seed' | 'for_fertilizer' | 'for_machinery';
}

export const KINDS: Record<LotKind, KindMeta> = {
  board: {
    kind: 'board',
    apiPrefix: 'board-list',
    wrapper: 'BoardList',
    search: 'BoardQuoteSearch',
    categoryFilter: 'boards_category_id',
    favoriteField: 'board_id',
    favoriteSuffix: 'board-list',
    orderType: 'board_list',
    sitePath: '/board',
    types: ['sell', 'buy'],
    unitCategory: 'for_board',
  },
  seed: {
    kind: 'seed',
    apiPrefix: 'seeds-list',
    wrapper: 'SeedsList',
    search: 'SeedQuoteSearch',
    categoryFilter: 'seeds_category_id',
    favoriteField: 'seeds_id',
    favoriteSuffix: 'seeds-list',
    orderType: 'seeds_list',
    sitePath: '/seed',
    types: ['sell', 'buy'],
    unitCategory: 'for_seed',
  },
  fertilizer: {
    kind: 'fertilizer',
    apiPrefix: 'fertilizer-list',
    wrapper: 'FertilizerList',
    search: 'FertilizerQuoteSearch',
    categoryFilter: 'fertilizer_category_id',
    favoriteField: 'fertilizer_id',
    favoriteSuffix: 'fertilizer-list',
    orderType: 'fertilizer_list',
    sitePath: '/fertil',
    types: ['sell', 'buy'],
    unitCategory: 'for_fertilizer',
  },
  technic: {
    kind: 'technic',
    apiPrefix: 'technic-list',
    wrapper: 'TechnicList',
    search: 'TechnicQuoteSearch',
    categoryFilter: 'technic_category_id',
    favoriteField: 'technic_id',
    favoriteSuffix: 'technic-list',
    orderType: 'technic_list',
    sitePath: '/agrotechnic',
    types: ['sell', 'rent'],
    unitCategory: 'for_machinery',
  },
};

/** The lot kind an offer's or chat room's `order_type` names. */
export const KIND_BY_ORDER_TYPE = Object.fromEntries(LOT_KINDS.map((kind) => [KINDS[kind].orderType, kind])) as Record<
  KindMeta['orderType'],
  LotKind
>;

export const isOnMarket = (status: LotStatus) => (ON_MARKET_STATUSES as readonly LotStatus[]).includes(status);
