import { describe, expect, it } from 'vitest';
import { createOfferSchema } from '~/features/deals/schemas';
import { initialValues, liveFigures, offerQuantity, toOfferFields, volumeLimits } from './offer-form';
import { type OfferLot, isDirectBuy, isPriceFixed, submitLabel } from '~/features/deals/offer-lot';

const sellLot: OfferLot = {
  id: 3,
  orderType: 'board_list',
  type: 'sell',
  title: 'Cocoa',
  price: 51660,
  currency: 'GHS',
  decimals: 2,
  unit: 't',
  priceType: null,
  rentPer: null,
  minVolume: 1,
  maxVolume: 10,
  availableVolume: 23,
  deliveryPricePerKm: 2.5,
  point: { latitude: 6.6885, longitude: -1.6244 },
};
const rentLot: OfferLot = {
  ...sellLot,
  id: 17,
  orderType: 'technic_list',
  type: 'rent',
  rentPer: 'hour',
  minVolume: null,
  maxVolume: null,
  availableVolume: 1,
};

describe('make-offer form', () => {
  it('prefills the lot price, the smallest volume and the straight-line distance', () => {
    const values = initialValues(sellLot, { latitude: 5.6037, longitude: -0.187 }, 'en');
    expect(values).toMatchObject({
      price: '51,660',
      volume: '1',
      offer_type: '1',
      delivery_type: '1',
      payment_type: '1',
    });
    expect(Number(values.delivery_distance)).toBeGreaterThan(190);
    expect(initialValues(sellLot, null, 'en').delivery_distance).toBe('');
  });

  it('keeps the volume between the minimum and the lesser of the maximum and what remains', () => {
    expect(volumeLimits(sellLot)).toEqual({ min: 1, max: 10 });
    expect(volumeLimits({ ...sellLot, availableVolume: 0.5 })).toEqual({ min: 0.5, max: 0.5 });
    expect(volumeLimits({ ...sellLot, minVolume: null, maxVolume: 0 })).toEqual({ min: 0.01, max: 23 });
  });

  it('computes the totals with delivery from the lot price per km, exactly', () => {
    const values = {
      ...initialValues(sellLot, null, 'en'),
      price: '51660,5',
      volume: '2.5',
      delivery_type: '2',
      delivery_distance: '12.3',
    };
    const figures = liveFigures(sellLot, values, 'en')!;
    expect(figures.offer_price_minor).toBe(12_915_125);
    expect(figures.delivery_price_minor).toBe(3075);
    expect(figures.total_price_with_delivery_minor).toBe(12_918_200);
    expect(liveFigures(sellLot, { ...values, volume: '' }, 'en')).toBeNull();
  });

  it('counts the hours of a booking by the hour and sends only its fields', () => {
    const values = {
      ...initialValues(rentLot, null, 'en'),
      date_from: '2026-12-01',
      date_to: '2026-12-09',
      hour_from: '8',
      hour_to: '12',
      volume: '7',
    };
    expect(offerQuantity(rentLot, values, 'en')).toBe(4);
    const fields = toOfferFields(rentLot, values, 'en');
    expect(fields).toMatchObject({ date_from: '2026-12-01', date_to: '2026-12-01', hour_from: '8', hour_to: '12' });
    expect(fields.volume).toBeUndefined();
    expect(createOfferSchema('en').safeParse(fields).success).toBe(true);
  });

  it('sends a buy request seller\u2019s own delivery price only when delivering', () => {
    const buyLot: OfferLot = { ...sellLot, type: 'buy' };
    const values = {
      ...initialValues(buyLot, null, 'en'),
      delivery_type: '2',
      delivery_distance: '40',
      delivery_price_per_km: '3',
    };
    expect(toOfferFields(buyLot, values, 'en')).toMatchObject({
      offer_type: '3',
      delivery_distance: '40',
      delivery_price_per_km: '3',
    });
    expect(toOfferFields(buyLot, { ...values, delivery_type: '1' }, 'en').delivery_price_per_km).toBeUndefined();
    expect(toOfferFields(sellLot, values, 'en').delivery_price_per_km).toBeUndefined();
  });

  it('holds a fixed rent rate as a fixed sale price, but only a sale is a direct buy', () => {
    const fixedRent: OfferLot = { ...rentLot, rentPer: 'day', priceType: 'fixed', price: 6500 };
    const fixedSale: OfferLot = { ...sellLot, priceType: 'fixed' };
    expect(isPriceFixed(fixedRent)).toBe(true);
    expect(isPriceFixed({ ...fixedRent, priceType: 'negotiable' })).toBe(false);
    expect(isDirectBuy(fixedRent)).toBe(false);
    expect(isDirectBuy(fixedSale)).toBe(true);
    expect(submitLabel(fixedRent)).toBe('make_offer.submit_book');
    expect(submitLabel(fixedSale)).toBe('make_offer.submit_direct_buy');
    // Whatever the price field holds, the lot's rate is priced and sent.
    const values = {
      ...initialValues(fixedRent, null, 'en'),
      price: '1',
      date_from: '2026-12-01',
      date_to: '2026-12-03',
    };
    expect(toOfferFields(fixedRent, values, 'en').price).toBe('6500');
    expect(liveFigures(fixedRent, values, 'en')!.offer_price_minor).toBe(3 * 650_000);
  });

  it('proposes the straight-line distance with one decimal, as the input reads it', () => {
    const distance = initialValues(sellLot, { latitude: 5.6037, longitude: -0.187 }, 'en').delivery_distance;
    expect(distance).toMatch(/^\d+(\.\d)?$/);
    const french = initialValues(sellLot, { latitude: 5.6037, longitude: -0.187 }, 'fr').delivery_distance;
    expect(french).toMatch(/^\d+(,\d)?$/);
  });

  it('reads amounts as the page’s language writes them, keeps the totals, and sends what it read', () => {
    const ugx: OfferLot = {
      ...sellLot,
      price: 1_000_000,
      currency: 'UGX',
      decimals: 0,
      minVolume: null,
      maxVolume: null,
    };
    const english = { ...initialValues(ugx, null, 'en'), price: '1,100,000', volume: '2' };
    expect(liveFigures(ugx, english, 'en')!.offer_price_minor).toBe(2_200_000);
    expect(toOfferFields(ugx, english, 'en')).toMatchObject({ price: '1100000', volume: '2' });
    const french = { ...initialValues(ugx, null, 'fr'), price: '70 000', volume: '1,5' };
    expect(liveFigures(ugx, french, 'fr')!.offer_price_minor).toBe(105_000);
    expect(toOfferFields(ugx, french, 'fr')).toMatchObject({ price: '70000', volume: '1.5' });
    expect(liveFigures(ugx, { ...french, price: '70\u202f000' }, 'fr')!.offer_price_minor).toBe(105_000);
    // An ambiguous price has no totals (the field says why) and is sent as typed, for the server to refuse too.
    expect(liveFigures(ugx, { ...french, price: '1,500' }, 'fr')).toBeNull();
    expect(toOfferFields(ugx, { ...french, price: '1,500' }, 'fr').price).toBe('1,500');
  });
});
