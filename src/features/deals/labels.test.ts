import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { formatMoney } from '~/i18n/format';
import { createTranslator } from '~/i18n/t';
import { OFFER_ACTIONS, OFFER_TYPE } from './constants';
import {
  RENT_UNIT,
  asRentPer,
  bookingQuantityText,
  bookingText,
  dealLabels,
  notDeliveredHint,
  offerMoney,
} from './labels';

const t = createTranslator('en');

describe('deal labels', () => {
  it('speaks of goods for offers on sell lots and buy requests, of the machine for a booking', () => {
    for (const type of [OFFER_TYPE.buy, OFFER_TYPE.sellToRequest]) {
      const words = dealLabels(type);
      expect(t(words.action['delivery-send'].label)).toBe('Goods sent');
      expect(t(words.action['delivery-get'].label)).toBe('Goods received');
      expect(t(words.deliveryStatus[1])).toBe('Goods sent');
    }
    const booking = dealLabels(OFFER_TYPE.rent);
    expect(t(booking.action['delivery-send'].label)).toBe('Machine handed over');
    expect(t(booking.action['delivery-get'].label)).toBe('Machine received');
    expect(t(booking.deliveryStatus[2])).toBe('Machine received');
    expect(t(booking.event['delivery-send'], { name: 'Amina' })).toBe('Amina handed over the machine');
    // The money track reads the same whatever changes hands.
    expect(t(booking.action['payment-send'].label)).toBe('Money sent');
    expect(t(booking.action['approve-offer'].label)).toBe('Approve');
  });

  it('names only keys the dictionary has', () => {
    for (const type of [OFFER_TYPE.buy, OFFER_TYPE.rent]) {
      const words = dealLabels(type);
      const keys = [
        ...Object.values(words.role),
        ...Object.values(words.party),
        ...Object.values(words.deliveryType),
        ...Object.values(words.deliveryStatus),
        ...Object.values(words.event),
        ...OFFER_ACTIONS.flatMap((action) => Object.values(words.action[action])),
        words.doneText,
        words.photoHint,
        words.documentHint,
        ...Object.values(words.notDeliveredHint),
      ];
      for (const key of keys) expect(en, key).toHaveProperty([key]);
    }
  });

  it('writes a booking as one line', () => {
    expect(
      bookingText({ date_from: '2026-11-24', date_to: '2026-11-25', hour_from: null, hour_to: null }, t, 'en'),
    ).toBe('24 Nov 2026 to 25 Nov 2026');
    expect(
      bookingText({ date_from: '2026-11-24', date_to: '2026-11-24', hour_from: null, hour_to: null }, t, 'en'),
    ).toBe('24 Nov 2026');
    expect(bookingText({ date_from: '2026-11-24', date_to: '2026-11-24', hour_from: 8, hour_to: 12 }, t, 'en')).toBe(
      '24 Nov 2026, 08:00–12:00',
    );
  });

  it('writes major-unit money with the currency decimals', () => {
    const kes = { currency: 'KES', decimals: 2 };
    expect(offerMoney(32500, kes, 'en')).toBe(formatMoney(3_250_000, { code: 'KES', decimals: 2 }, 'en'));
    // 0.1 + 0.2 is not 0.3 in floating point: the minor units are rounded first.
    expect(offerMoney(0.1 + 0.2, kes, 'en')).toBe(formatMoney(30, { code: 'KES', decimals: 2 }, 'en'));
    expect(offerMoney(1500, { currency: 'XOF', decimals: 0 }, 'fr')).toBe(
      formatMoney(1500, { code: 'XOF', decimals: 0 }, 'fr'),
    );
  });

  it('counts a booking in its rate’s unit, with the language’s plural', () => {
    expect(bookingQuantityText('day', 1, t)).toBe('1 day');
    expect(bookingQuantityText('day', 3, t)).toBe('3 days');
    expect(bookingQuantityText('acre', 2.5, t)).toBe('2.5 acres');
    expect(bookingQuantityText('hour', 1.5, createTranslator('fr'))).toBe('1,5 heure');
    expect(bookingQuantityText('hectare', 4, createTranslator('sw'))).toBe('hekta 4');
    expect(t(RENT_UNIT[asRentPer('acre')])).toBe('acre');
    expect(asRentPer('fortnight')).toBe('day');
  });

  it('says what a "not delivered" card holds in the words of its deals', () => {
    expect(notDeliveredHint('buyer', [OFFER_TYPE.buy, OFFER_TYPE.sellToRequest])).toBe(
      'cabinet.hint_bought_not_delivered',
    );
    expect(notDeliveredHint('seller', [OFFER_TYPE.rent])).toBe('cabinet.hint_rented_out_not_received');
    expect(notDeliveredHint('buyer', [OFFER_TYPE.buy, OFFER_TYPE.rent])).toBe(
      'cabinet.hint_bought_not_delivered_mixed',
    );
    expect(notDeliveredHint('seller', [])).toBe('cabinet.hint_sold_not_delivered_mixed');
  });
});
