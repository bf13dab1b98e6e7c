import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { ACTIVITIES, AGE_RANGES, GENDERS, TRADER_STATUSES, TURNOVER_PERIODS } from '../../features/accounts/constants';
import { normalizePhone } from '../../features/accounts/phone';
import { LOCALES, LOCALE_META } from '../../i18n/config';
import { showSnack } from '../../stores/snackbar';
import { apiPost } from '../lib/api';
import { applyServerErrors, zodFormResolver } from '../lib/forms';
import { type Messages, createClientTranslator } from '../lib/i18n';
import { type BaseInfo, BASE_INFO_FIELDS, type BaseInfoField, type BaseInfoValues, baseInfoSchema, flattenMainInfoErrors, toMainInfoBody } from './base-info-schema';
import { $contact, type ContactStatus } from './contact-store';
import FailureAlert from './FailureAlert';
import FieldShell from './FieldShell';
import { describedBy, failureText } from './failure';
import { ACTIVITY_LABEL, AGE_RANGE_LABEL, GENDER_LABEL, TRADER_STATUS_LABEL, TURNOVER_PERIOD_LABEL } from './labels';

interface Props {
  messages: Messages;
  initial: BaseInfoValues;
  contact: ContactStatus;
  currencies: { id: number; code: string; name: string }[];
}

/** Farm size is asked of those who grow; turnover of those who trade. */
const GROWERS = new Set(['farmer', 'cooperative']);

/**
 * Name, contacts, kind, language, currency and the optional facts about the user's activity, sent as
 * `User[…]` and `UserProfile[…]`. A 400 changes nothing on the server: the errors go on the fields and
 * what the user typed stays in the form.
 */
export default function BaseInfoForm({ messages, initial, contact, currencies }: Props) {
  const t = createClientTranslator(messages);
  const [failure, setFailure] = useState<{ messages: string[]; retry: boolean }>();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    setFocus,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<BaseInfoValues>({ defaultValues: initial, resolver: zodFormResolver(baseInfoSchema, t, messages) as unknown as Resolver<BaseInfoValues> });

  useEffect(() => {
    if (!$contact.get()) $contact.set(contact);
  }, []);

  const kind = watch('trader_status');
  const currencyCode = currencies.find((c) => String(c.id) === String(watch('currency_id')))?.code ?? '';

  async function save(values: BaseInfoValues) {
    // The resolver hands over the parsed values (numbers, trimmed text), though typed as the form's strings.
    const info = values as unknown as BaseInfo;
    setFailure(undefined);
    const result = await apiPost<{ changed: boolean }>('/user/update-main-info', toMainInfoBody(info));
    if (result.ok) {
      const before = $contact.get() ?? contact;
      const phone = info.phone ? (normalizePhone(info.phone) ?? info.phone) : before.phone;
      const email = info.email ?? before.email;
      $contact.set({
        email,
        emailVerified: email === before.email && before.emailVerified,
        phone,
        phoneVerified: phone === before.phone && before.phoneVerified,
      });
      reset(getValues());
      showSnack('success', t('profile.base_updated'));
      return;
    }
    if (result.status === 0) {
      setFailure({ messages: [failureText(0, result.error, t)], retry: true });
      return;
    }
    const fieldErrors = flattenMainInfoErrors(result.error.errors);
    const unplaced = applyServerErrors({ ...result.error, errors: fieldErrors }, setError, BASE_INFO_FIELDS);
    const first = BASE_INFO_FIELDS.find((field) => fieldErrors?.[field]);
    if (first) {
      setFocus(first);
      showSnack('error', t('profile.base_not_saved'));
    }
    if (unplaced.length > 0) setFailure({ messages: unplaced, retry: false });
  }

  const submit = handleSubmit(save);

  /** Props of a control: its id, name, error state and described-by. */
  const control = (field: BaseInfoField, hint = false) => ({
    id: `base-${field}`,
    ...register(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(`base-${field}`, { hint, error: errors[field] }),
  });
  const errorOf = (field: BaseInfoField) => errors[field]?.message;
  const blankOption = (field: BaseInfoField) => initial[field] === '' && <option value="">{t('profile.base_not_specified')}</option>;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldShell id="base-firstname" label={t('auth.field_first_name')} error={errorOf('firstname')} required>
          <input {...control('firstname')} className={`input w-full ${errors.firstname ? 'input-error' : ''}`} autoComplete="given-name" aria-required="true" />
        </FieldShell>
        <FieldShell id="base-lastname" label={t('auth.field_last_name')} error={errorOf('lastname')}>
          <input {...control('lastname')} className={`input w-full ${errors.lastname ? 'input-error' : ''}`} autoComplete="family-name" />
        </FieldShell>
        <FieldShell id="base-email" label={t('auth.field_email')} error={errorOf('email')} hint={t('profile.base_email_hint')}>
          <input {...control('email', true)} type="email" className={`input w-full ${errors.email ? 'input-error' : ''}`} autoComplete="email" inputMode="email" />
        </FieldShell>
        <FieldShell id="base-phone" label={t('auth.field_phone')} error={errorOf('phone')} hint={t('profile.base_phone_hint')}>
          <input {...control('phone', true)} type="tel" className={`input w-full ${errors.phone ? 'input-error' : ''}`} autoComplete="tel" inputMode="tel" />
        </FieldShell>
        <FieldShell id="base-trader_status" label={t('auth.field_kind')} error={errorOf('trader_status')} required>
          <select {...control('trader_status')} className={`select w-full ${errors.trader_status ? 'select-error' : ''}`} aria-required="true">
            {TRADER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(TRADER_STATUS_LABEL[status])}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell id="base-activity" label={t('profile.base_activity')} error={errorOf('activity')}>
          <select {...control('activity')} className={`select w-full ${errors.activity ? 'select-error' : ''}`}>
            {blankOption('activity')}
            {ACTIVITIES.map((activity) => (
              <option key={activity} value={activity}>
                {t(ACTIVITY_LABEL[activity])}
              </option>
            ))}
          </select>
        </FieldShell>
        {GROWERS.has(kind) ? (
          <FieldShell id="base-farm_size_acres" label={t('profile.base_farm_size')} error={errorOf('farm_size_acres')}>
            <input {...control('farm_size_acres')} className={`input w-full ${errors.farm_size_acres ? 'input-error' : ''}`} inputMode="decimal" />
          </FieldShell>
        ) : (
          <div className="grid grid-cols-[1fr_auto] gap-2">
            <FieldShell id="base-turnover_amount" label={t('profile.base_turnover', { currency: currencyCode })} error={errorOf('turnover_amount')}>
              <input {...control('turnover_amount')} className={`input w-full ${errors.turnover_amount ? 'input-error' : ''}`} inputMode="decimal" />
            </FieldShell>
            <FieldShell id="base-turnover_period" label={t('profile.base_turnover_period')} error={errorOf('turnover_period')}>
              <select {...control('turnover_period')} className={`select ${errors.turnover_period ? 'select-error' : ''}`}>
                {blankOption('turnover_period')}
                {TURNOVER_PERIODS.map((period) => (
                  <option key={period} value={period}>
                    {t(TURNOVER_PERIOD_LABEL[period])}
                  </option>
                ))}
              </select>
            </FieldShell>
          </div>
        )}
        <FieldShell id="base-locale" label={t('profile.base_language')} error={errorOf('locale')} hint={t('profile.base_language_hint')}>
          <select {...control('locale', true)} className={`select w-full ${errors.locale ? 'select-error' : ''}`}>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LOCALE_META[code].label}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell id="base-currency_id" label={t('profile.base_currency')} error={errorOf('currency_id')}>
          <select {...control('currency_id')} className={`select w-full ${errors.currency_id ? 'select-error' : ''}`}>
            {currencies.map((currency) => (
              <option key={currency.id} value={String(currency.id)}>
                {currency.code} · {currency.name}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell id="base-gender" label={t('profile.base_gender')} error={errorOf('gender')}>
          <select {...control('gender')} className={`select w-full ${errors.gender ? 'select-error' : ''}`}>
            {blankOption('gender')}
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(GENDER_LABEL[gender])}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell id="base-age_range" label={t('profile.base_age_range')} error={errorOf('age_range')}>
          <select {...control('age_range')} className={`select w-full ${errors.age_range ? 'select-error' : ''}`}>
            {blankOption('age_range')}
            {AGE_RANGES.map((range) => (
              <option key={range} value={range}>
                {t(AGE_RANGE_LABEL[range])}
              </option>
            ))}
          </select>
        </FieldShell>
      </div>
      {failure && <FailureAlert messages={failure.messages} onRetry={failure.retry ? () => void submit() : undefined} retryLabel={t('auth.form_retry')} />}
      <button type="submit" className="btn btn-primary min-h-12 self-start" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t('profile.base_save')}
      </button>
    </form>
  );
}
