import { useWatch } from 'react-hook-form';
import { TURNOVER_PERIODS } from '~/features/accounts/constants';
import { TURNOVER_PERIOD_LABEL } from '~/features/accounts/labels';
import { useOptions } from '~/islands/address/places';
import { FieldError, TextField, fieldAria } from '~/islands/lib/fields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { loadCurrencies } from '~/islands/signup-wizard/currencies';
import { useStepFields } from '~/islands/signup-wizard/use-step-fields';
import { type WizardValues, usesFarmSize } from '~/islands/signup-wizard/wizard-model';

/** Farmers and cooperatives give their farm size; traders and input sellers their turnover, per month or per year. */
export default function SizeStep({ t }: { t: ClientTranslate }) {
  const { register, errors, idOf } = useStepFields();
  const [kind, currencyId] = useWatch<WizardValues, ['trader_status', 'currency_id']>({
    name: ['trader_status', 'currency_id'],
  });
  const currencies = useOptions(null, loadCurrencies);
  if (usesFarmSize(kind)) {
    return (
      <TextField
        id={idOf('farm_size_acres')}
        label={t('signup.farm_size')}
        inputMode="decimal"
        autoComplete="off"
        hint={t('signup.farm_size_hint')}
        registration={register('farm_size_acres')}
        error={errors.farm_size_acres?.message}
      />
    );
  }
  const currency = currencies.items.find((c) => String(c.id) === currencyId);
  const periodId = idOf('turnover_period');
  const periodError = errors.turnover_period?.message;
  return (
    <>
      <TextField
        id={idOf('turnover_amount')}
        label={t('signup.turnover_amount')}
        inputMode="decimal"
        autoComplete="off"
        hint={currency ? t('signup.turnover_hint', { currency: `${currency.code} (${currency.name})` }) : undefined}
        registration={register('turnover_amount')}
        error={errors.turnover_amount?.message}
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
