import { RENT_UNIT, asRentPer } from '~/features/deals/labels';
import type { RentPer } from '~/features/lots/constants';
import type { Locale } from '~/i18n/config';
import { formatMoney, formatNumber } from '~/i18n/format';
import type { Translate } from '~/i18n/t';
import type { LotItem } from '~/server/services/lots/lot-item';

/** A lot's facts as the cards, the table and the map popups write them, so they read the same everywhere. */

/** A rented machine's rate unit (hour, day, acre, hectare), from its untyped details; null for lots not rented. */
export function lotRentPer(lot: Pick<LotItem, 'type'>): RentPer | null {
  return lot.type === 'rent' ? asRentPer((lot as { rent_per?: unknown }).rent_per) : null;
}

/**
 * What a lot's price is per: the lot's unit ("90 kg bag"), or for a rented machine its rate's unit ("acre"):
 * a machine rented per acre is priced per acre, whatever unit its single machine is counted in.
 */
export function lotPriceUnit(lot: Pick<LotItem, 'type' | 'unit'>, t: Translate): string {
  const per = lotRentPer(lot);
  return per ? t(RENT_UNIT[per]) : lot.unit;
}

/** "3 500,00 TZS per 90 kg bag", "KES 6,500.00 per acre": the price is kept in minor units, in the lot's own currency. */
export function lotPriceText(
  lot: Pick<LotItem, 'type' | 'unit' | 'price_minor' | 'currency' | 'decimals'>,
  t: Translate,
  locale: Locale,
): string {
  return t('catalogue.price_per_unit', {
    price: formatMoney(lot.price_minor, { code: lot.currency, decimals: lot.decimals }, locale),
    unit: lotPriceUnit(lot, t),
  });
}

/** A rented machine has no volume to show: it is one machine, and its bookings are counted in its rate's unit. */
export const showsVolume = (lot: Pick<LotItem, 'type'>) => lot.type !== 'rent';

/**
 * A quantity of the lot's unit. "300 × 90 kg bag" reads better than "300 90 kg bag" when the unit holds a
 * number of its own; "40 t" (or in Swahili "tani 40", the unit first) needs no sign.
 */
export function lotQuantityText(lot: Pick<LotItem, 'unit'>, value: number, t: Translate, locale: Locale): string {
  return t(/\d/.test(lot.unit) ? 'catalogue.volume_packs' : 'catalogue.volume_value', {
    volume: formatNumber(value, locale, { maximumFractionDigits: 2 }),
    unit: lot.unit,
  });
}

/**
 * What a lot still offers. Approved deals hold part of its volume (`reserved_volume`, which stays taken once they
 * are done: sold) and only the rest is for sale (`available_volume`, docs/lots.md "Volume on offer"): "150 of
 * 200 t left" once part is taken, "200 t" while nothing is.
 */
export function lotVolumeText(
  lot: Pick<LotItem, 'unit' | 'volume' | 'reserved_volume' | 'available_volume'>,
  t: Translate,
  locale: Locale,
): string {
  if (lot.reserved_volume <= 0) return lotQuantityText(lot, lot.volume, t, locale);
  return t('catalogue.volume_left', {
    left: formatNumber(lot.available_volume, locale, { maximumFractionDigits: 2 }),
    total: lotQuantityText(lot, lot.volume, t, locale),
  });
}

/** The quantity still for sale alone ("150 t"), where a sentence names it (a lot page's description for search). */
export function lotAvailableText(
  lot: Pick<LotItem, 'unit' | 'available_volume'>,
  t: Translate,
  locale: Locale,
): string {
  return lotQuantityText(lot, lot.available_volume, t, locale);
}

export function lotPlaceText(lot: Pick<LotItem, 'region' | 'country'>): string {
  return [lot.region, lot.country].filter(Boolean).join(', ');
}

/** The "verified" mark: bronze is the tier given to verified members, and every tier above keeps it. */
export function isVerifiedMember(lot: LotItem): boolean {
  return lot.user.tier !== 'basic';
}
