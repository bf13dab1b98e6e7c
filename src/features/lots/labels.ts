import type { MessageKey } from '~/i18n/t';
import type { LotKind, LotStatus, LotType, PRICE_TYPES, RENT_PER } from './constants';

/**
 * Dictionary keys of the lots vocabulary, one map per list in ./constants.ts. The catalogue, the lot page, the
 * lot form and the member's lists all name the values through these, so a status or a type reads the same
 * everywhere. Written out as literals so the i18n checker sees each key used.
 */

/** A kind, named as in the site menu (breadcrumbs, the tabs of My lots and Favourite lots). */
export const LOT_KIND_LABEL: Record<LotKind, MessageKey> = {
  board: 'nav.agro_lots',
  seed: 'nav.seeds',
  fertilizer: 'nav.fertilizer',
  technic: 'nav.equipment',
};

export const LOT_TYPE_LABEL: Record<LotType, MessageKey> = {
  sell: 'lots.type_sell',
  buy: 'lots.type_buy',
  rent: 'lots.type_rent',
};

/** The type as the author chooses it in the lot form ("I sell"). */
export const LOT_TYPE_CHOICE: Record<LotType, MessageKey> = {
  sell: 'lot_form.type_sell',
  buy: 'lot_form.type_buy',
  rent: 'lot_form.type_rent',
};

export const LOT_STATUS_LABEL: Record<LotStatus, MessageKey> = {
  active: 'lots.status_active',
  not_active: 'lots.status_not_active',
  in_process: 'lots.status_in_process',
  success: 'lots.status_success',
  closed: 'lots.status_closed',
};

/** daisyUI badge colour of each status; the name is always written too, so colour is never the only sign. */
export const LOT_STATUS_BADGE: Record<LotStatus, string> = {
  active: 'badge-success',
  not_active: 'badge-warning',
  in_process: 'badge-info',
  success: 'badge-primary',
  closed: 'badge-neutral',
};

export const PRICE_TYPE_LABEL: Record<(typeof PRICE_TYPES)[number], MessageKey> = {
  fixed: 'lots.price_fixed',
  negotiable: 'lots.price_negotiable',
};

export const RENT_PER_LABEL: Record<(typeof RENT_PER)[number], MessageKey> = {
  hour: 'lots.rent_per_hour',
  day: 'lots.rent_per_day',
  acre: 'lots.rent_per_acre',
  hectare: 'lots.rent_per_hectare',
};

/**
 * The other party of a lot follows its type: a sell lot has a seller, a buy lot (a request) a buyer, a rented
 * machine an owner — so "Chat with the seller" never appears on a buy request.
 */
export const PARTY_LABEL: Record<LotType, MessageKey> = {
  sell: 'lot_page.party_seller',
  buy: 'lot_page.party_buyer',
  rent: 'lot_page.party_owner',
};

export const CHAT_LABEL: Record<LotType, MessageKey> = {
  sell: 'lot_page.chat_seller',
  buy: 'lot_page.chat_buyer',
  rent: 'lot_page.chat_owner',
};

/** A catalogue's name and description: the four kinds, and the buy-request lists of seed and fertilizer. */
export const CATALOGUE_TEXT: Record<
  LotKind,
  { title: MessageKey; description: MessageKey; ordersTitle?: MessageKey; ordersDescription?: MessageKey }
> = {
  board: { title: 'catalogue.title_board', description: 'catalogue.description_board' },
  seed: {
    title: 'catalogue.title_seed',
    description: 'catalogue.description_seed',
    ordersTitle: 'catalogue.title_seed_orders',
    ordersDescription: 'catalogue.description_seed_orders',
  },
  fertilizer: {
    title: 'catalogue.title_fertilizer',
    description: 'catalogue.description_fertilizer',
    ordersTitle: 'catalogue.title_fertilizer_orders',
    ordersDescription: 'catalogue.description_fertilizer_orders',
  },
  technic: { title: 'catalogue.title_technic', description: 'catalogue.description_technic' },
};
