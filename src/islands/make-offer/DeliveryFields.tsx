import { type UseFormReturn, useWatch } from 'react-hook-form';
import { DELIVERY_TYPE } from '~/features/deals/constants';
import { offerMoney } from '~/features/deals/labels';
import type { Locale } from '~/i18n/config';
import { formatNumber } from '~/i18n/format';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { NumberField } from '~/islands/lib/number-field';
import { type OfferField, type OfferFormValues, asksDeliveryPrice } from './offer-form';
import { DELIVERY_CHOICE_LABEL, canDeliver } from '~/features/deals/offer-form-fields';
import type { OfferLot } from '~/features/deals/offer-lot';

interface Props {
  form: UseFormReturn<OfferFormValues>;
  lot: OfferLot;
  /** The straight-line distance proposed when the dialog opened, if both map points were known. */
  proposedKm: number | null;
  locale: Locale;
  t: ClientTranslate;
}

/**
 * Delivery: picked up or delivered, and for a delivery the distance and its price per km — the lot's, or on a
 * buy request the offering seller's own.
 */
export default function DeliveryFields({ form, lot, proposedKm, locale, t }: Props) {
  const {
    register,
    formState: { errors },
  } = form;
  const [deliveryType, distance, perKm] = useWatch({
    control: form.control,
    name: ['delivery_type', 'delivery_distance', 'delivery_price_per_km'],
  });
  const delivers = deliveryType === String(DELIVERY_TYPE.sellerDelivers);
  const field = (name: OfferField) => ({
    id: `offer-${name}`,
    registration: register(name),
    error: errors[name]?.message,
  });
  const labels = DELIVERY_CHOICE_LABEL[lot.type];
  const deliverable = canDeliver(lot);
  const describedBy =
    [deliverable ? '' : 'offer-delivery-none', errors.delivery_type ? 'offer-delivery_type-error' : '']
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <>
      <fieldset className="flex flex-col gap-1" aria-describedby={describedBy}>
        <legend className="mb-1 font-medium">{t('make_offer.delivery_type')}</legend>
        <div className="flex flex-col gap-2 sm:flex-row">
          {(['pickup', 'sellerDelivers'] as const).map((choice) => (
            <label
              key={choice}
              className="flex min-h-12 flex-1 cursor-pointer items-center gap-3 rounded-field border border-base-300 px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
            >
              <input
                type="radio"
                className="radio radio-primary"
                value={DELIVERY_TYPE[choice]}
                disabled={choice === 'sellerDelivers' && !deliverable}
                {...register('delivery_type')}
              />
              <span>{t(labels[choice])}</span>
            </label>
          ))}
        </div>
        {!deliverable && (
          <p id="offer-delivery-none" className="text-sm opacity-80">
            {t(lot.type === 'rent' ? 'make_offer.delivery_none_owner' : 'make_offer.delivery_none_seller')}
          </p>
        )}
        {errors.delivery_type?.message && (
          <p id="offer-delivery_type-error" className="text-sm font-medium text-error">
            {errors.delivery_type.message}
          </p>
        )}
      </fieldset>
      {delivers && (
        <div className="grid gap-3 sm:grid-cols-2">
          <NumberField
            {...field('delivery_distance')}
            label={t('make_offer.distance')}
            hint={
              proposedKm !== null
                ? t('make_offer.distance_proposed', {
                    km: formatNumber(proposedKm, locale, { maximumFractionDigits: 1 }),
                  })
                : t('make_offer.distance_hint')
            }
            required
            compact
            text={distance}
            reading={{ locale, meaning: { unit: 'km' } }}
            t={t}
          />
          {asksDeliveryPrice(lot) ? (
            <NumberField
              {...field('delivery_price_per_km')}
              label={t('make_offer.delivery_price_per_km_own', { currency: lot.currency })}
              hint={t('make_offer.delivery_price_per_km_own_hint')}
              required
              compact
              text={perKm}
              reading={{ locale, meaning: { money: { code: lot.currency, decimals: lot.decimals } } }}
              t={t}
            />
          ) : (
            <LotDeliveryPrice lot={lot} locale={locale} t={t} />
          )}
        </div>
      )}
    </>
  );
}

/** The lot's own delivery price, which the offer takes as it is. */
function LotDeliveryPrice({ lot, locale, t }: { lot: OfferLot; locale: Locale; t: ClientTranslate }) {
  const perKm = lot.deliveryPricePerKm;
  return (
    <div className="flex flex-col gap-1">
      <p className="font-medium">{t('make_offer.delivery_price_per_km')}</p>
      <p data-testid="offer-lot-delivery-price">
        {t('make_offer.per_km', { price: offerMoney(perKm ?? 0, lot, locale) })}
      </p>
      <p className="text-sm opacity-75">
        {t(lot.type === 'rent' ? 'make_offer.delivery_price_set_by_owner' : 'make_offer.delivery_price_set_by_seller')}
      </p>
    </div>
  );
}
