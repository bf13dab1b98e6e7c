import type { UseFormReturn } from 'react-hook-form';
import { type LotKind, PRICE_TYPES, RENT_PER } from '~/features/lots/constants';
import { PRICE_TYPE_LABEL, RENT_PER_LABEL } from '~/features/lots/labels';
import { SelectField, TextField } from '~/islands/lib/fields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import type { LotFormField, LotFormValues } from './lot-form-values';
import type { CurrencyChoice, UnitOption } from './LotForm';

interface Props {
  form: UseFormReturn<LotFormValues>;
  kind: LotKind;
  units: UnitOption[];
  currencies: CurrencyChoice[];
  intlLocale: string;
  t: ClientTranslate;
}

/**
 * Quantity, unit, offer limits (with their rule), price and currency, the machinery price kind and rent unit,
 * and the total cost as it is typed. No total for a rent: a rate per hour or day times a number of machines
 * is no lot's price.
 */
export default function QuantityFields({ form, kind, units, currencies, intlLocale, t }: Props) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const type = watch('type');
  const [price, volume, currencyId, unitId] = watch(['price', 'volume', 'currency_id', 'per_unit_id']);
  const unit = units.find((u) => String(u.id) === unitId);
  const currency = currencies.find((c) => String(c.id) === currencyId);
  const total = totalCost(price, volume, currency, intlLocale);
  const field = (name: LotFormField) => ({
    id: `lot-${name}`,
    registration: register(name),
    error: errors[name]?.message,
  });
  const optional = t('address.optional');

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('volume')} label={t('lot_form.volume')} required inputMode="decimal" autoComplete="off" />
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
          <TextField
            {...field('min_volume')}
            label={t('lot_form.min_volume')}
            optional={optional}
            inputMode="decimal"
            autoComplete="off"
            aria-describedby={limitsDescription('min_volume', errors.min_volume?.message)}
          />
          <TextField
            {...field('max_volume')}
            label={t('lot_form.max_volume')}
            optional={optional}
            inputMode="decimal"
            autoComplete="off"
            aria-describedby={limitsDescription('max_volume', errors.max_volume?.message)}
          />
        </div>
        <p id="lot-limits-rule" className="text-sm opacity-80">
          {t('lot_form.limits_rule')}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...field('price')}
          label={t(type === 'rent' ? 'lot_form.price_rent' : 'lot_form.price')}
          hint={unit && type !== 'rent' ? t('lot_form.price_per_unit_hint', { unit: unit.short }) : undefined}
          required
          inputMode="decimal"
          autoComplete="off"
        />
        <SelectField {...field('currency_id')} label={t('lot_form.currency')} required>
          <option value="">{t('lot_form.choose')}</option>
          {currencies.map((c) => (
            <option key={c.id} value={c.id}>
              {`${c.code} · ${c.name}`}
            </option>
          ))}
        </SelectField>
        {kind === 'technic' && type === 'rent' && (
          <SelectField {...field('rent_per')} label={t('lot_form.rent_per')} required>
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

/** The rule under the offer limits describes both inputs, with each one's own error. */
function limitsDescription(name: 'min_volume' | 'max_volume', error: string | undefined): string {
  return ['lot-limits-rule', error ? `lot-${name}-error` : ''].filter(Boolean).join(' ');
}

const toAmount = (text: string): number | null => {
  const match = /^\s*(\d+([.,]\d+)?)\s*$/.exec(text ?? '');
  return match ? Number(match[1].replace(',', '.')) : null;
};

/** Price × volume in the chosen currency, or null until both are numbers (the server derives the same). */
function totalCost(
  price: string,
  volume: string,
  currency: CurrencyChoice | undefined,
  intlLocale: string,
): string | null {
  const p = toAmount(price);
  const v = toAmount(volume);
  if (p === null || v === null || !currency) return null;
  const amount = Math.round(p * v * 100) / 100;
  try {
    return new Intl.NumberFormat(intlLocale, {
      style: 'currency',
      currency: currency.code,
      minimumFractionDigits: currency.decimals,
      maximumFractionDigits: currency.decimals,
    }).format(amount);
  } catch {
    return `${new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 2 }).format(amount)} ${currency.code}`;
  }
}
