import { KINDS, KIND_BY_ORDER_TYPE, type LotType } from '~/features/lots/constants';
import type { MessageKey } from '~/i18n/t';
import { OFFER_ACTIONS, OFFER_TYPE, type OfferAction, type OfferType, type OrderType } from './constants';
import { dealLabels } from './labels';
import { successKey } from './offer-lot';

/**
 * The addresses of an offer and of a deal's steps as plain pages, which work without JavaScript (docs/deals.md
 * "Without JavaScript"): the islands' buttons are forms leading to them, and once hydrated open their dialogs instead.
 */

/** A deal's steps that have a page of their own: each action of the state machine, and the rating once done. */
export const DEAL_STEP_PAGES = [...OFFER_ACTIONS, 'feedback'] as const;
export type DealStepPage = (typeof DEAL_STEP_PAGES)[number];

export const isDealStepPage = (value: string | undefined): value is DealStepPage =>
  (DEAL_STEP_PAGES as readonly string[]).includes(value ?? '');

export const dealPath = (offerId: number) => `/user/offer/${offerId}`;

/** The confirmation page of one step: "I confirm", an optional comment, photo and PDF. */
export const dealStepPath = (offerId: number, step: DealStepPage) => `/user/offer/${offerId}/${step}`;

/** The page with the offer form of a lot (its kind's site path: /board/{id}/offer, /agrotechnic/{id}/offer…). */
export const offerPagePath = (orderType: OrderType, lotId: number) =>
  `${KINDS[KIND_BY_ORDER_TYPE[orderType]].sitePath}/${lotId}/offer`;

/**
 * What the deal page says after a step taken on its own page redirected back to it (`?done=`): the offer was made
 * (`offer`), a step was taken (its action), the rating was sent (`feedback`). Anything else says nothing.
 */
export const DONE_PARAM = 'done';
export type DoneNotice = OfferAction | 'feedback' | 'offer';

/** The lot type an offer was made on, from the offer's type (docs/deals.md "Parties and offer types"). */
const LOT_TYPE_OF_OFFER: Record<OfferType, LotType> = {
  [OFFER_TYPE.buy]: 'sell',
  [OFFER_TYPE.rent]: 'rent',
  [OFFER_TYPE.sellToRequest]: 'buy',
};

export function doneNoticeKey(
  done: string | null,
  offer: { offer_type: OfferType; is_direct_buy: boolean },
): MessageKey | undefined {
  if (done === 'offer') return successKey(LOT_TYPE_OF_OFFER[offer.offer_type], offer.is_direct_buy);
  if (done === 'feedback') return 'deal.feedback_sent';
  if ((OFFER_ACTIONS as readonly string[]).includes(done ?? ''))
    return dealLabels(offer.offer_type).action[done as OfferAction].done;
  return undefined;
}
