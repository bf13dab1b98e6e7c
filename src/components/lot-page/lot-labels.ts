import type { LotKind, LotStatus, LotType } from '../../features/lots/constants';
import type { MessageKey } from '../../i18n/t';

/**
 * Dictionary keys of the lot page's vocabulary. The party of a lot follows its type: a sell lot has a seller,
 * a buy lot (a request) a buyer, a rented machine an owner — so "Chat with the seller" never appears on a
 * buy request.
 */
export const LOT_TYPE_LABEL: Record<LotType, MessageKey> = {
  sell: 'lot_page.type_sell',
  buy: 'lot_page.type_buy',
  rent: 'lot_page.type_rent',
};

export const LOT_STATUS_LABEL: Record<LotStatus, MessageKey> = {
  active: 'lot_page.status_active',
  not_active: 'lot_page.status_not_active',
  in_process: 'lot_page.status_in_process',
  success: 'lot_page.status_success',
  closed: 'lot_page.status_closed',
};

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

/** The catalogue a lot belongs to, named as in the site menu. */
export const CATALOGUE_LABEL: Record<LotKind, MessageKey> = {
  board: 'nav.agro_lots',
  seed: 'nav.seeds',
  fertilizer: 'nav.fertilizer',
  technic: 'nav.equipment',
};
