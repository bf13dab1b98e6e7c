import type { LotKind, LotStatus, LotType } from '../../features/lots/constants';
import type { MessageKey } from '../../i18n/t';

/**
 * Dictionary keys of the lots vocabulary shown by the catalogue and the lot cards. Written out as literals so
 * the i18n checker sees each key used.
 */
export const LOT_TYPE_LABEL: Record<LotType, MessageKey> = {
  sell: 'catalogue.type_sell',
  buy: 'catalogue.type_buy',
  rent: 'catalogue.type_rent',
};

export const LOT_STATUS_LABEL: Record<LotStatus, MessageKey> = {
  active: 'catalogue.status_active',
  not_active: 'catalogue.status_not_active',
  in_process: 'catalogue.status_in_process',
  success: 'catalogue.status_success',
  closed: 'catalogue.status_closed',
};

/** daisyUI badge colour of each status, so an owner tells a paused or closed lot at a glance. */
export const LOT_STATUS_BADGE: Record<LotStatus, string> = {
  active: 'badge-success',
  not_active: 'badge-warning',
  in_process: 'badge-info',
  success: 'badge-neutral',
  closed: 'badge-neutral',
};

/** A catalogue's name and description: the four kinds, and the buy-request lists of seed and fertilizer. */
export const CATALOGUE_TEXT: Record<LotKind, { title: MessageKey; description: MessageKey; ordersTitle?: MessageKey; ordersDescription?: MessageKey }> = {
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
