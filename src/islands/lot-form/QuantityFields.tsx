import type { UseFormReturn } from 'react-hook-form';
import { type LotKind, PRICE_TYPES, RENT_PER } from '~/features/lots/constants';
import { PRICE_TYPE_LABEL, RENT_PER_LABEL } from '~/features/lots/labels';
import { parseNumber } from '~/features/numbers/parse';
import { lotQuantityText } from '~/features/lots/lot-format';
import type { Locale } from '~/i18n/config';
import { formatMoney } from '~/i18n/format';
import { SelectField, useHydrated } from '~/islands/lib/fields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { NumberField, type NumberMeaning } from '~/islands/lib/number-field';
import type { LotFormField, LotFormValues } from '~/features/lots/form-values';
import type { CurrencyChoice, UnitOption } from '~/features/lots/lot-form-types';

interface Props {
  form: UseFormReturn<LotFormValues>;
  kind: LotKind;
  units: UnitOption[];
  currencies: CurrencyChoice[];
  locale: Locale;
  t: ClientTranslate;
}

/**
 * Quantity, unit, offer limits (with their rule), price and currency, the machinery price kind and rent unit,
 * and the total cost as it is typed. Each amount says what it understood ("= 1,100,000 kg", "= TZS 72,000").
 * No total for a rent: a rate per hour or day times a number of machines is no lot's price.
 */
export default function QuantityFields({ form, kind, units, currencies, locale, t }: Props) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const type = watch('type');
  // Before the island runs the type radios change nothing on the page: the rent unit is offered to a machine
  // whatever its type (a lot that is not for rent leaves it out, docs/lots.md "The lot form without JavaScript").
  const hydrated = useHydrated();
  const [price, volume, currencyId, unitId] = watch(['price', 'volume', 'currency_id', 'per_unit_id']);
  const unit = units.find((u) => String(u.id) === unitId);
  const currency = currencies.find((c) => String(c.id) === currencyId);
  const total = totalCost(price, volume, currency, locale);
  const field = (name: LotFormField) => ({
    id: `lot-${name}`,
    registration: register(name),
    error: errors[name]?.message,
    // The server's HTML (a browser without JavaScript) needs the value written in; react-hook-form sets it after.
    defaultValue: String(form.formState.defaultValues?.[name] ?? ''),
  });
  const optional = t('address.optional');
  // "300 × 90 kg bag", "40 t": a quantity is written as the lot page writes it.
  const quantity: NumberMeaning = unit
    ? { quantity: (value) => lotQuantityText({ unit: unit.short }, value, t, locale) }
    : { plain: true };
  const money: NumberMeaning = currency ? { money: currency } : { plain: true };
  const [minVolume, maxVolume] = watch(['min_volume', 'max_volume']);
  const number = (name: LotFormField, text: string, meaning: NumberMeaning) => ({
    ...field(name),
    text,
    reading: { locale, meaning },
    t,
  });

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField {...number('volume', volume, quantity)} label={t('lot_form.volume')} required />
        <SelectField {...field('per_unit_id')} label={t('lot_form.unit')} required>
          <option value="">{t('lot_form.choose_unit')}</option>
          {units.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name.toLocaleLowerCase() === u.short.toLocaleLowerCase() ? u.name : `${u.name} (${u.short})`}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex flex-col gap-2">
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            {...number('min_volume', minVolume, quantity)}
            label={t('lot_form.min_volume')}
            optional={optional}
            describedBy="lot-limits-rule"
          />
          <NumberField
            {...number('max_volume', maxVolume, quantity)}
            label={t('lot_form.max_volume')}
            optional={optional}
            describedBy="lot-limits-rule"
          />
        </div>
        <p id="lot-limits-rule" className="text-sm opacity-80">
          {t('lot_form.limits_rule')}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          {...number('price', price, money)}
          label={t(type === 'rent' ? 'lot_form.price_rent' : 'lot_form.price')}
          hint={unit && type !== 'rent' ? t('lot_form.price_per_unit_hint', { unit: unit.short }) : undefined}
          required
        />
        <SelectField {...field('currency_id')} label={t('lot_form.currency')} required>
          <option value="">{t('lot_form.choose')}</option>
          {currencies.map((c) => (
            <option key={c.id} value={c.id}>
              {`${c.code} · ${c.name}`}
            </option>
          ))}
        </SelectField>
        {kind === 'technic' && (type === 'rent' || !hydrated) && (
          <SelectField {...field('rent_per')} label={t('lot_form.rent_per')} required={hydrated}>
            <option value="">{t('lot_form.choose')}</option>
            {RENT_PER.map((per) => (
              <option key={per} value={per}>
                {t(RENT_PER_LABEL[per])}
              </option>
            ))}
          </SelectField>
        )}
        {kind === 'technic' && (
          <SelectField {...field('price_type')} label={t('lot_form.price_type')}>
            {PRICE_TYPES.map((priceType) => (
              <option key={priceType} value={priceType}>
                {t(PRICE_TYPE_LABEL[priceType])}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {type !== 'rent' && (
        <div className="rounded-box bg-base-200 p-4">
          <p className="font-semibold">{t('lot_form.total')}</p>
          <output
            htmlFor="lot-price lot-volume lot-currency_id"
            aria-live="polite"
            className="block text-2xl font-bold"
            data-testid="lot-total"
          >
            {total ?? <span className="text-base font-normal opacity-80">{t('lot_form.total_empty')}</span>}
          </output>
          {total && <p className="text-sm opacity-80">{t('lot_form.total_hint')}</p>}
        </div>
      )}
    </>
  );
}

/** Price × volume in the chosen currency, or null until both read as numbers (the server derives the same). */
function totalCost(price: string, volume: string, currency: CurrencyChoice | undefined, locale: Locale): string | null {
  const p = parseNumber(price ?? '', { locale });
  const v = parseNumber(volume ?? '', { locale });
  if (!p.ok || !v.ok || !currency) return null;
  return formatMoney(Math.round(p.value * v.value * 10 ** currency.decimals), currency, locale);
}
