import { RENT_UNIT, asRentPer, bookingQuantityText } from '~/features/deals/labels';
import type { Locale } from '~/i18n/config';
import type { Translate } from '~/i18n/t';
import type { OfferView } from '~/server/services/deals/offer-view';
import { lotQuantityText } from '~/features/lots/lot-format';

type OfferUnits = Pick<OfferView, 'unit' | 'booking'>;

/**
 * What an offer's prices are per: the unit copied from the lot ("t", "90 kg bag"), or for a booking its rate's
 * unit ("day", "acre"), so the deal page, the offer rows and the lot page name a machine's rate alike.
 */
export function offerUnitText(offer: OfferUnits, t: Translate): string {
  return offer.booking ? t(RENT_UNIT[asRentPer(offer.booking.rent_per)]) : offer.unit;
}

/** An offer's quantity: "40 t", or for a booking "3 days", "1 hour", "2.5 acres". */
export function offerQuantityText(offer: OfferUnits & Pick<OfferView, 'volume'>, t: Translate, locale: Locale): string {
  return offer.booking
    ? bookingQuantityText(asRentPer(offer.booking.rent_per), offer.volume, t)
    : lotQuantityText({ unit: offer.unit }, offer.volume, t, locale);
}
