import { type UseFormReturn, useWatch } from 'react-hook-form';
import { RENT_UNIT, offerMoney } from '~/features/deals/labels';
import type { Locale } from '~/i18n/config';
import { lotQuantityText } from '~/features/lots/lot-format';
import type { ClientTranslate } from '~/islands/lib/i18n';
import ApproxMoney from '~/islands/lib/approx-money';
import { NumberField } from '~/islands/lib/number-field';
import type { OfferField, OfferFormValues } from './offer-form';
import { OPEN_PRICE_HINT, volumeLimitsText } from '~/features/deals/offer-form-fields';
import { type OfferLot, isPriceFixed } from '~/features/deals/offer-lot';

interface Props {
  form: UseFormReturn<OfferFormValues>;
  lot: OfferLot;
  locale: Locale;
  t: ClientTranslate;
}

/**
 * The price per unit (the lot's, read-only when the seller or the owner fixed it) and the volume with the lot's limits. A
 * booking's quantity comes from its dates (or its area), asked by BookingFields.
 */
export default function PriceVolumeFields({ form, lot, locale, t }: Props) {
  const {
    register,
    formState: { errors },
  } = form;
  const field = (name: OfferField) => ({
    id: `offer-${name}`,
    registration: register(name),
    error: errors[name]?.message,
  });
  const [price, volume] = useWatch({ control: form.control, name: ['price', 'volume'] });
  const lotPrice = offerMoney(lot.price, lot, locale);
  const fixed = isPriceFixed(lot);
  // A rented machine is priced per its rate's unit (acre, hour…), everything else per the lot's unit.
  const priceLabel = t('make_offer.price_per_unit', {
    unit: lot.rentPer ? t(RENT_UNIT[lot.rentPer]) : lot.unit,
    currency: lot.currency,
  });
  const priceHint = fixed
    ? t(lot.type === 'rent' ? 'make_offer.price_fixed_rent' : 'make_offer.price_fixed_sell')
    : t(OPEN_PRICE_HINT[lot.type], { price: lotPrice });

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <NumberField
          {...field('price')}
          label={priceLabel}
          hint={priceHint}
          required={!fixed}
          readOnly={fixed}
          className={fixed ? 'bg-base-200' : undefined}
          compact
          text={price}
          reading={{ locale, meaning: { money: { code: lot.currency, decimals: lot.decimals } } }}
          t={t}
        />
        {/* The price the hint names, in the reader's currency too (as the lot page shows it). */}
        {!fixed && (
          <ApproxMoney
            minor={Math.round(lot.price * 10 ** lot.decimals)}
            pair={lot.approx ?? null}
            locale={locale}
            t={t}
          />
        )}
      </div>
      {lot.type !== 'rent' && (
        <NumberField
          {...field('volume')}
          label={t('make_offer.volume', { unit: lot.unit })}
          hint={volumeLimitsText(lot, t, (value) => lotQuantityText(lot, value, t, locale))}
          required
          compact
          text={volume}
          reading={{ locale, meaning: { quantity: (value) => lotQuantityText(lot, value, t, locale) } }}
          t={t}
        />
      )}
    </div>
  );
}
