import { useWatch } from 'react-hook-form';
import { TURNOVER_PERIODS } from '~/features/accounts/constants';
import { TURNOVER_PERIOD_LABEL } from '~/features/accounts/labels';
import { useOptions } from '~/islands/address/places';
import type { Locale } from '~/i18n/config';
import { FieldError, fieldAria } from '~/islands/lib/fields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { NumberField } from '~/islands/lib/number-field';
import { loadCurrencies } from '~/islands/signup-wizard/currencies';
import { useStepFields } from '~/islands/signup-wizard/use-step-fields';
import { type WizardValues, usesFarmSize } from '~/islands/signup-wizard/wizard-model';

/**
 * Farmers and cooperatives give their farm size; traders and input sellers their turnover, per month or per year.
 * Both figures are read as the page's language writes numbers, and said back as read.
 */
export default function SizeStep({ t, locale }: { t: ClientTranslate; locale: Locale }) {
  const { register, errors, idOf } = useStepFields();
  const [kind, currencyId, farmSize, turnover] = useWatch<
    WizardValues,
    ['trader_status', 'currency_id', 'farm_size_acres', 'turnover_amount']
  >({
    name: ['trader_status', 'currency_id', 'farm_size_acres', 'turnover_amount'],
  });
  const currencies = useOptions(null, loadCurrencies);
  if (usesFarmSize(kind)) {
    return (
      <NumberField
        id={idOf('farm_size_acres')}
        label={t('signup.farm_size')}
        hint={t('signup.farm_size_hint')}
        registration={register('farm_size_acres')}
        error={errors.farm_size_acres?.message}
        text={farmSize}
        reading={{ locale, meaning: { unit: 'ac' } }}
        t={t}
      />
    );
  }
  const currency = currencies.items.find((c) => String(c.id) === currencyId);
  const periodId = idOf('turnover_period');
  const periodError = errors.turnover_period?.message;
  return (
    <>
      <NumberField
        id={idOf('turnover_amount')}
        label={t('signup.turnover_amount')}
        hint={currency ? t('signup.turnover_hint', { currency: `${currency.code} (${currency.name})` }) : undefined}
        registration={register('turnover_amount')}
        error={errors.turnover_amount?.message}
        text={turnover}
        reading={{ locale, meaning: { unit: currency?.code ?? '' } }}
        t={t}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-semibold">{t('signup.turnover_period')}</legend>
        <div className="flex flex-wrap gap-x-6">
          {TURNOVER_PERIODS.map((period, index) => (
            <label key={period} className="flex min-h-11 cursor-pointer items-center gap-2">
              <input
                id={index === 0 ? periodId : undefined}
                type="radio"
                value={period}
                className="radio radio-primary"
                {...fieldAria(periodId, { error: periodError })}
                {...register('turnover_period')}
              />
              {t(TURNOVER_PERIOD_LABEL[period])}
            </label>
          ))}
        </div>
        <FieldError id={periodId} message={periodError} />
      </fieldset>
    </>
  );
}
