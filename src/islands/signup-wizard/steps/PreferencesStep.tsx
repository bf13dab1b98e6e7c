import { LOCALES, LOCALE_META } from '~/i18n/config';
import LoadFailure from '~/islands/address/LoadFailure';
import { useOptions } from '~/islands/address/places';
import { FieldError, FieldLabel, SelectField, fieldAria } from '~/islands/lib/fields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { loadCurrencies } from '~/islands/signup-wizard/currencies';
import { useStepFields } from '~/islands/signup-wizard/use-step-fields';

/** The language of Mavuno's messages to the person, and the currency prices are shown in (default id 3). */
export default function PreferencesStep({ t }: { t: ClientTranslate }) {
  const { register, errors, idOf } = useStepFields();
  const currencies = useOptions(null, loadCurrencies);
  const currencyId = idOf('currency_id');
  const currencyError = errors.currency_id?.message;
  return (
    <>
      <SelectField
        id={idOf('locale')}
        label={t('signup.language')}
        registration={register('locale')}
        error={errors.locale?.message}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_META[code].label}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-col gap-1">
        <FieldLabel id={currencyId} label={t('signup.currency')} />
        {currencies.state === 'ready' ? (
          <select
            id={currencyId}
            className={`select select-lg w-full text-base ${currencyError ? 'select-error' : ''}`}
            {...fieldAria(currencyId, { error: currencyError })}
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
          <LoadFailure text={t('address.list_failed')} onRetry={currencies.retry} t={t} />
        )}
      </div>
    </>
  );
}
