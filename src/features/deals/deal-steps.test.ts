import { describe, expect, it } from 'vitest';
import { OFFER_TYPE } from './constants';
import { dealStepPath, doneNoticeKey, isDealStepPage, offerPagePath } from './deal-steps';
import { shownOfferFields } from './offer-form-fields';
import type { OfferLot } from './offer-lot';

const lot: OfferLot = {
  id: 7,
  orderType: 'technic_list',
  type: 'sell',
  title: 'Sprayer',
  price: 4500,
  currency: 'KES',
  decimals: 2,
  unit: 'unit',
  priceType: null,
  rentPer: null,
  minVolume: null,
  maxVolume: null,
  availableVolume: 3,
  deliveryPricePerKm: null,
  point: null,
};

describe('the pages of offers and deal steps', () => {
  it('names a lot kind’s offer page by its site path, and a step’s page under its deal', () => {
    expect(offerPagePath('board_list', 5)).toBe('/board/5/offer');
    expect(offerPagePath('fertilizer_list', 5)).toBe('/fertil/5/offer');
    expect(offerPagePath('technic_list', 5)).toBe('/agrotechnic/5/offer');
    expect(dealStepPath(12, 'delivery-get')).toBe('/user/offer/12/delivery-get');
    expect(isDealStepPage('approve-direct-payment')).toBe(true);
    expect(isDealStepPage('feedback')).toBe(true);
    for (const other of ['open-dispute', 'resolve-dispute', 'create', '', undefined])
      expect(isDealStepPage(other)).toBe(false);
  });

  it('says what was done after a step’s page, in the deal’s words, and nothing for anything else', () => {
    const goods = { offer_type: OFFER_TYPE.buy, is_direct_buy: false };
    expect(doneNoticeKey('offer', goods)).toBe('make_offer.done_to_seller');
    expect(doneNoticeKey('offer', { ...goods, is_direct_buy: true })).toBe('make_offer.done_direct_buy');
    expect(doneNoticeKey('offer', { offer_type: OFFER_TYPE.rent, is_direct_buy: false })).toBe(
      'make_offer.done_booking',
    );
    expect(doneNoticeKey('offer', { offer_type: OFFER_TYPE.sellToRequest, is_direct_buy: false })).toBe(
      'make_offer.done_to_buyer',
    );
    expect(doneNoticeKey('delivery-send', goods)).toBe('deal.done_delivery_send');
    expect(doneNoticeKey('feedback', goods)).toBe('deal.feedback_sent');
    for (const other of [null, '', 'open-dispute', '<script>', 'constructor'])
      expect(doneNoticeKey(other, goods)).toBeUndefined();
  });

  it('asks each lot the fields the dialog asks it', () => {
    expect(shownOfferFields(lot)).toEqual([
      'price',
      'volume',
      'delivery_type',
      'delivery_distance',
      'payment_type',
      'comment',
    ]);
    expect(shownOfferFields({ ...lot, priceType: 'fixed' })).not.toContain('price');
    expect(shownOfferFields({ ...lot, type: 'buy' })).toContain('delivery_price_per_km');
    expect(shownOfferFields({ ...lot, type: 'rent', rentPer: 'day' }).slice(0, 2)).toEqual(['date_from', 'date_to']);
    expect(shownOfferFields({ ...lot, type: 'rent', rentPer: 'day' })).not.toContain('volume');
    const byHour = shownOfferFields({ ...lot, type: 'rent', rentPer: 'hour' });
    expect(byHour.slice(0, 3)).toEqual(['date_from', 'hour_from', 'hour_to']);
    expect(shownOfferFields({ ...lot, type: 'rent', rentPer: 'acre' })).toContain('volume');
  });
});
