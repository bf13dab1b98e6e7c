import { useFormContext } from 'react-hook-form';
import { LOCALES, LOCALE_META } from '../../../i18n/config';
import { FieldError, describedBy } from '../../auth/FormParts';
import { useOptions } from '../../address/places';
import type { ClientTranslate } from '../../lib/i18n';
import { loadCurrencies } from '../currencies';
import { type WizardValues, fieldId } from '../wizard-model';

/** The language of Mavuno's messages to the person, and the currency prices are shown in (default id 3). */
export default function PreferencesStep({ t }: { t: ClientTranslate }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<WizardValues>();
  const currencies = useOptions(null, loadCurrencies);
  const localeId = fieldId('locale');
  const currencyId = fieldId('currency_id');
  const currencyError = errors.currency_id?.message;
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={localeId} className="font-semibold">
          {t('signup.language')}
        </label>
        <select
          id={localeId}
          className={`select select-lg w-full text-base ${errors.locale ? 'select-error' : ''}`}
          aria-invalid={errors.locale ? true : undefined}
          aria-describedby={describedBy(localeId, false, Boolean(errors.locale))}
          {...register('locale')}
        >
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LOCALE_META[code].label}
            </option>
          ))}
        </select>
        <FieldError id={localeId} message={errors.locale?.message} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={currencyId} className="font-semibold">
          {t('signup.currency')}
        </label>
        {currencies.state === 'ready' ? (
          <select
            id={currencyId}
            className={`select select-lg w-full text-base ${currencyError ? 'select-error' : ''}`}
            aria-invalid={currencyError ? true : undefined}
            aria-describedby={describedBy(currencyId, false, Boolean(currencyError))}
            {...register('currency_id')}
          >
            {currencies.items.map((currency) => (
              <option key={currency.id} value={String(currency.id)}>
                {currency.code} · {currency.name}
              </option>
            ))}
          </select>
        ) : (
          // Registered only once the options exist, so the form's value (default 3) is what the list shows.
          <select id={currencyId} className="select select-lg w-full text-base" disabled>
            <option>{currencies.state === 'failed' ? t('address.list_failed') : t('address.loading')}</option>
          </select>
        )}
        <FieldError id={currencyId} message={currencyError} />
        {currencies.state === 'failed' && (
          <div className="alert alert-warning" role="alert">
            <span>{t('address.list_failed')}</span>
            <button type="button" className="btn btn-sm" onClick={currencies.retry}>
              {t('address.retry')}
            </button>
          </div>
        )}
      </div>
    </>
  );
}
