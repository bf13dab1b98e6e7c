import { OFFER_STATUS, TRACK, type OfferAction, paysThroughMavuno } from '~/features/deals/constants';
import { getOffer, listOffers } from '~/server/services/deals/list-offers';
import type { OfferView } from '~/server/services/deals/offer-view';
import { callerAsUser, moneyText, quantityText } from './common';
import type { ScreenDef, UssdContext } from '../types';

/** The steps a party takes from a basic phone: the goods' journey and a payment made outside Mavuno. */
const PHONE_STEPS: OfferAction[] = ['delivery-send', 'delivery-get', 'payment-get'];

const money = (ctx: UssdContext, offer: OfferView, amount: number) =>
  moneyText(Math.round(amount * 10 ** offer.decimals), { code: offer.currency, decimals: offer.decimals }, ctx.locale);

/** "#12 Jean: 20 bag x KES 3,400 = KES 68,000"; without the name where the screen has more to say. */
function offerLine(ctx: UssdContext, offer: OfferView, withName = true): string {
  if (!withName)
    return ctx.t('ussd.deal_line', {
      id: offer.id,
      volume: quantityText(offer.volume, ctx.locale),
      unit: offer.unit,
      price: money(ctx, offer, offer.offer_price_per_unit),
      total: money(ctx, offer, offer.total_price),
    });
  return ctx.t('ussd.offer_line', {
    id: offer.id,
    who: offer.partner_name,
    volume: quantityText(offer.volume, ctx.locale),
    unit: offer.unit,
    price: money(ctx, offer, offer.offer_price_per_unit),
    total: money(ctx, offer, offer.total_price),
  });
}

/** Where the deal stands: the goods and the money, as its parties read it. */
function dealState(ctx: UssdContext, offer: OfferView): string {
  const goods = ctx.t(
    offer.delivery_status === TRACK.received
      ? 'ussd.goods_received'
      : offer.delivery_status === TRACK.sent
        ? 'ussd.goods_sent'
        : 'ussd.goods_waiting',
  );
  const held = paysThroughMavuno(offer.payment_type) && offer.payment_status === TRACK.sent;
  const pay = ctx.t(
    offer.payment_status === TRACK.received ? 'ussd.money_paid' : held ? 'ussd.money_held' : 'ussd.money_waiting',
    { total: money(ctx, offer, offer.total_price) },
  );
  return `${goods}\n${pay}`;
}

const STEP_LABEL = {
  'delivery-send': 'ussd.step_goods_sent',
  'delivery-get': 'ussd.step_goods_received',
  'payment-get': 'ussd.step_money_received',
} as const;

export const dealScreens: Record<string, ScreenDef> = {
  'deals.menu': {
    render: async (ctx) => {
      const user = callerAsUser(ctx);
      const [waiting, running] = await Promise.all([
        listOffers(ctx.db, user, { statuses: [OFFER_STATUS.created] }, ctx.locale),
        listOffers(ctx.db, user, { statuses: [OFFER_STATUS.approved] }, ctx.locale),
      ]);
      const mine = waiting.items.filter((offer) => offer.allowed_actions.includes('approve-offer'));
      return {
        body: ctx.t('ussd.deals_title'),
        items: [
          { label: ctx.t('ussd.offers_waiting', { count: mine.length }), next: { push: { s: 'offers.list' } } },
          { label: ctx.t('ussd.deals_running', { count: running.items.length }), next: { push: { s: 'deals.list' } } },
        ],
      };
    },
  },
  'offers.list': {
    render: async (ctx) => {
      const user = callerAsUser(ctx);
      const waiting = await listOffers(ctx.db, user, { statuses: [OFFER_STATUS.created] }, ctx.locale);
      const mine = waiting.items.filter((offer) => offer.allowed_actions.includes('approve-offer'));
      if (mine.length === 0) return { body: ctx.t('ussd.offers_none') };
      return {
        body: ctx.t('ussd.offers_title'),
        items: mine.map((offer) => ({
          label: `#${offer.id} ${offer.partner_name}`,
          next: { push: { s: 'offers.offer', p: { id: offer.id } } },
        })),
      };
    },
  },
  'offers.offer': {
    render: async (ctx, p) => {
      const offer = await getOffer(ctx.db, callerAsUser(ctx), Number(p.id), ctx.locale);
      const items = [];
      if (offer.allowed_actions.includes('approve-offer'))
        items.push({
          label: ctx.t('ussd.offer_approve'),
          next: {
            push: { s: 'pin', p: { after: { run: 'offer.step', a: { id: offer.id, action: 'approve-offer' } } } },
          },
        });
      if (offer.allowed_actions.includes('decline-offer'))
        items.push({
          label: ctx.t('ussd.offer_decline'),
          next: {
            push: { s: 'pin', p: { after: { run: 'offer.step', a: { id: offer.id, action: 'decline-offer' } } } },
          },
        });
      return { body: `${offer.lot.title}\n${offerLine(ctx, offer)}`, items };
    },
  },
  'deals.list': {
    render: async (ctx) => {
      const user = callerAsUser(ctx);
      const running = await listOffers(ctx.db, user, { statuses: [OFFER_STATUS.approved] }, ctx.locale);
      if (running.items.length === 0) return { body: ctx.t('ussd.deals_none') };
      return {
        body: ctx.t('ussd.deals_running_title'),
        items: running.items.map((offer) => ({
          label: `#${offer.id} ${offer.lot.title} ${offer.partner_name}`,
          next: { push: { s: 'deals.deal', p: { id: offer.id } } },
        })),
      };
    },
  },
  'deals.deal': {
    render: async (ctx, p) => {
      const offer = await getOffer(ctx.db, callerAsUser(ctx), Number(p.id), ctx.locale);
      const steps = PHONE_STEPS.filter((action) => offer.allowed_actions.includes(action));
      return {
        body: `${offerLine(ctx, offer, false)}\n${dealState(ctx, offer)}`,
        items: steps.map((action) => ({
          label: ctx.t(STEP_LABEL[action as keyof typeof STEP_LABEL]),
          next: { push: { s: 'pin', p: { after: { run: 'offer.step', a: { id: offer.id, action } } } } },
        })),
      };
    },
  },
};
