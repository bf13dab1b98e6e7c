import { OFFER_COUNT_POLL_MS } from '~/features/deals/constants';
import { polledCount } from './polled-count';

/**
 * How many offers wait for the signed-in user (docs/deals.md "Lists, badge, cabinet"): the header badge shows
 * it, and the offers list reloads when it changes. Polled from GET /offer/user-offer-count every minute.
 */
const offers = polledCount<{ count: number }>('/offer/user-offer-count', (data) => data.count, OFFER_COUNT_POLL_MS);
export const $offerCount = offers.$count;
export const seedOfferCount = offers.seed;
