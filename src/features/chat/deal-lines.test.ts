import { describe, expect, it } from 'vitest';
import { OFFER_STATUS, OFFER_TYPE } from '~/features/deals/constants';
import { createTranslator } from '~/i18n/t';
import { DEAL_LINE_EVENTS, DEAL_LINE_LINK, dealLineEvents, dealLineKey } from './deal-lines';

const sale = (status: number) => ({ status, offerType: OFFER_TYPE.buy });
const booking = (status: number) => ({ status, offerType: OFFER_TYPE.rent });

describe('dealLineEvents', () => {
  it('tells an offer, a direct buy and a booking request apart', () => {
    expect(dealLineEvents('create', sale(OFFER_STATUS.created))).toEqual(['create']);
    expect(dealLineEvents('create', sale(OFFER_STATUS.approved))).toEqual(['direct-buy']);
    expect(dealLineEvents('create', booking(OFFER_STATUS.created))).toEqual(['booking']);
    expect(dealLineEvents('create', { status: OFFER_STATUS.created, offerType: OFFER_TYPE.sellToRequest })).toEqual([
      'create',
    ]);
  });

  it('says why a lot leaving the market declined an offer', () => {
    expect(dealLineEvents('decline-offer', sale(OFFER_STATUS.declined))).toEqual(['decline-offer']);
    expect(dealLineEvents('decline-offer', sale(OFFER_STATUS.declined), { reason: 'lot_closed' })).toEqual([
      'lot-closed',
    ]);
    expect(dealLineEvents('decline-offer', sale(OFFER_STATUS.declined), { reason: 'sold_out' })).toEqual(['sold-out']);
  });

  it('hands a machine over where a sale sends goods', () => {
    expect(dealLineEvents('delivery-send', sale(OFFER_STATUS.approved))).toEqual(['delivery-send']);
    expect(dealLineEvents('delivery-send', booking(OFFER_STATUS.approved))).toEqual(['machine-handed-over']);
    expect(dealLineEvents('delivery-get', booking(OFFER_STATUS.approved))).toEqual(['machine-received']);
  });

  it('adds "done" after the step that finished the deal, and only then', () => {
    expect(dealLineEvents('payment-get', sale(OFFER_STATUS.approved))).toEqual(['payment-get']);
    expect(dealLineEvents('payment-get', sale(OFFER_STATUS.done))).toEqual(['payment-get', 'done']);
    expect(dealLineEvents('delivery-get', sale(OFFER_STATUS.done))).toEqual(['delivery-get', 'done']);
    expect(dealLineEvents('approve-direct-payment', sale(OFFER_STATUS.done))).toEqual([
      'approve-direct-payment',
      'done',
    ]);
    // Feedback comes after "done": it is not another end.
    expect(dealLineEvents('feedback', sale(OFFER_STATUS.done))).toEqual(['feedback']);
  });
});

describe('dealLineKey', () => {
  it('has a text for every line in the three languages, and a generic one for a line it does not know', () => {
    for (const locale of ['en', 'sw', 'fr'] as const) {
      const t = createTranslator(locale);
      const texts = DEAL_LINE_EVENTS.map((event) => t(dealLineKey(event)));
      expect(new Set(texts).size, locale).toBe(DEAL_LINE_EVENTS.length);
      for (const text of texts) expect(text).not.toMatch(/^chat\./);
      expect(t(DEAL_LINE_LINK)).not.toMatch(/^chat\./);
    }
    expect(dealLineKey('renegotiated')).toBe('chat.deal_line.updated');
    expect(createTranslator('fr')(dealLineKey('approve-offer'))).toBe(
      'Offre acceptée\u00a0: la transaction est en cours',
    );
  });

  it('tells disputes and automatic releases, and "done" when they end the deal', () => {
    const deal = (status: number) => ({ status, offerType: OFFER_TYPE.buy });
    expect(dealLineEvents('open-dispute', deal(OFFER_STATUS.approved))).toEqual(['open-dispute']);
    expect(dealLineEvents('resolve-dispute', deal(OFFER_STATUS.declined))).toEqual(['resolve-dispute']);
    expect(dealLineEvents('resolve-dispute', deal(OFFER_STATUS.done))).toEqual(['resolve-dispute', 'done']);
    expect(dealLineEvents('auto-release', deal(OFFER_STATUS.done))).toEqual(['auto-release', 'done']);
    expect(dealLineKey('auto-release')).toBe('chat.deal_line.auto_release');
  });
});
