import type { Figures } from '~/features/deals/figures';
import type { Locale } from '~/i18n/config';
import { formatMoney, formatNumber } from '~/i18n/format';
import { lotQuantityText } from '~/features/lots/lot-format';
import ApproxMoney from '~/islands/lib/approx-money';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { type OfferLot, RENT_QUANTITY } from '~/features/deals/offer-lot';

interface Props {
  lot: OfferLot;
  figures: Figures | null;
  /** The volume, or a booking's hours, days or area. */
  quantity: number | null;
  locale: Locale;
  t: ClientTranslate;
}

/**
 * The offer's money as it is typed, computed exactly as the server will (integers in minor units of the lot's
 * currency), each amount also in the reader's currency when they read prices in another (indicative only). Only the
 * total with delivery is announced, so a screen reader is not read five numbers per key.
 */
export default function OfferTotals({ lot, figures, quantity, locale, t }: Props) {
  const money = (minor: number) => formatMoney(minor, { code: lot.currency, decimals: lot.decimals }, locale);
  const approx = (minor: number) => <ApproxMoney minor={minor} pair={lot.approx ?? null} locale={locale} t={t} />;
  const quantityLabel = lot.rentPer ? t(RENT_QUANTITY[lot.rentPer]) : t('make_offer.quantity_volume');
  const quantityText = (value: number) =>
    lot.rentPer ? formatNumber(value, locale, { maximumFractionDigits: 2 }) : lotQuantityText(lot, value, t, locale);
  return (
    <section className="rounded-box bg-base-200 p-4" aria-labelledby="offer-totals-title" data-testid="offer-totals">
      <h3 id="offer-totals-title" className="font-semibold">
        {t('make_offer.totals_title', { currency: lot.currency })}
      </h3>
      {figures ? (
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          {quantity !== null && (
            <>
              <dt className="opacity-80">{quantityLabel}</dt>
              <dd className="text-right tabular-nums" data-testid="offer-quantity">
                {quantityText(quantity)}
              </dd>
            </>
          )}
          <dt className="opacity-80">{t('make_offer.offer_price')}</dt>
          <dd className="text-right tabular-nums">
            <span data-testid="offer-price">{money(figures.offer_price_minor)}</span>
            {approx(figures.offer_price_minor)}
          </dd>
          <dt className="opacity-80">{t('make_offer.delivery_price')}</dt>
          <dd className="text-right tabular-nums">
            <span data-testid="offer-delivery-price">{money(figures.delivery_price_minor)}</span>
            {approx(figures.delivery_price_minor)}
          </dd>
          <dt className="opacity-80">{t('make_offer.total_without_delivery')}</dt>
          <dd className="text-right tabular-nums">
            {money(figures.total_price_minor)}
            {approx(figures.total_price_minor)}
          </dd>
          <dt className="font-semibold">{t('make_offer.total_with_delivery')}</dt>
          <dd className="text-right text-lg font-bold tabular-nums">
            <output aria-live="polite" data-testid="offer-total">
              {money(figures.total_price_with_delivery_minor)}
            </output>
            {approx(figures.total_price_with_delivery_minor)}
          </dd>
          <dt className="opacity-80">{t('make_offer.price_per_unit_with_delivery')}</dt>
          <dd className="text-right tabular-nums">
            {money(figures.price_per_unit_with_delivery_minor)}
            {approx(figures.price_per_unit_with_delivery_minor)}
          </dd>
        </dl>
      ) : (
        <p className="mt-1 text-sm opacity-80">
          {t(lot.type === 'rent' ? 'make_offer.totals_empty_booking' : 'make_offer.totals_empty')}
        </p>
      )}
    </section>
  );
}
