import { useEffect, useRef } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { ACTIVITIES, AGE_RANGES, GENDERS, TRADER_STATUSES, TURNOVER_PERIODS } from '~/features/accounts/constants';
import {
  ACTIVITY_LABEL,
  AGE_RANGE_LABEL,
  GENDER_LABEL,
  TRADER_STATUS_LABEL,
  TURNOVER_PERIOD_LABEL,
} from '~/features/accounts/labels';
import { normalizePhone } from '~/features/accounts/phone';
import { LOCALES, LOCALE_META, type Locale } from '~/i18n/config';
import { showSnack } from '~/stores/snackbar';
import { apiPost } from '~/stores/api';
import { Field, FormAlert, PasswordField, SelectField, SubmitButton, TextField } from '~/islands/lib/fields';
import { zodFormResolver } from '~/islands/lib/forms';
import { useApiSubmit } from '~/islands/lib/use-api-submit';
import { NumberField } from '~/islands/lib/number-field';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import {
  type BaseInfo,
  BASE_INFO_FIELDS,
  type BaseInfoField,
  type BaseInfoValues,
  baseInfoSchema,
  flattenMainInfoErrors,
  toMainInfoBody,
} from '~/features/accounts/base-info-schema';
import { $contact, type ContactStatus } from './contact-store';

interface Props {
  messages: Messages;
  initial: BaseInfoValues;
  contact: ContactStatus;
  currencies: { id: number; code: string; name: string }[];
  /** A phone number of the member's country, for the phone field's hint (src/server/http/phone-example.ts). */
  phoneExample: string;
  /** The page's language: the farm size and turnover are read and said back as it writes numbers. */
  locale: Locale;
  /**
   * The account has a password (`password_set`): a new e-mail address then needs it. One made on a feature phone has
   * none, and adds an address from a recent sign-in instead (docs/auth.md "Phone-only accounts").
   */
  hasPassword: boolean;
}

/** Farm size is asked of those who grow; turnover of those who trade. */
const GROWERS = new Set(['farmer', 'cooperative']);

/**
 * Name, contacts, kind, language, currency and the optional facts about the user's activity, sent as
 * `User[…]` and `UserProfile[…]`. A 400 changes nothing on the server: the errors go on the fields and
 * what the user typed stays in the form.
 */
export default function BaseInfoForm({
  messages,
  initial,
  contact,
  currencies,
  locale,
  phoneExample,
  hasPassword,
}: Props) {
  const t = createClientTranslator(messages);
  const form = useForm<BaseInfoValues>({
    defaultValues: initial,
    resolver: zodFormResolver(baseInfoSchema(locale), t, messages) as unknown as Resolver<BaseInfoValues>,
  });
  const {
    register,
    watch,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = form;

  // The first section to mount seeds the shared contact facts with the server's; later ones find them set.
  useEffect(() => {
    if (!$contact.get()) $contact.set(contact);
  }, [contact]);

  const kind = watch('trader_status');
  // A first address counts too: it could reset the password as well as a changed one.
  const typedEmail = (watch('email') ?? '').trim().toLowerCase();
  const emailChanging = hasPassword && typedEmail !== '' && typedEmail !== initial.email.toLowerCase();
  const currencyCode = currencies.find((c) => String(c.id) === String(watch('currency_id')))?.code ?? '';

  /** The saved values become the header's contact facts (a changed e-mail or phone is not confirmed yet). */
  function saved(info: BaseInfo) {
    const before = $contact.get() ?? contact;
    const phone = info.phone ? (normalizePhone(info.phone) ?? info.phone) : before.phone;
    const email = info.email ?? before.email;
    $contact.set({
      email,
      emailVerified: email === before.email && before.emailVerified,
      phone,
      phoneVerified: phone === before.phone && before.phoneVerified,
    });
    reset({ ...getValues(), current_password: '' });
    showSnack('success', t('profile.base_updated'));
  }

  // The resolver hands over the parsed values (numbers, trimmed text), though typed as the form's strings.
  const sent = useRef<BaseInfo>(undefined);
  const { problem, submit } = useApiSubmit<BaseInfoValues, { changed: boolean }>(form, {
    fields: BASE_INFO_FIELDS,
    t,
    send: async (values) => {
      sent.current = values as unknown as BaseInfo;
      const result = await apiPost<{ changed: boolean }>('/user/update-main-info', toMainInfoBody(sent.current));
      // The server names fields inside User[…] and UserProfile[…]: put them on this form's fields.
      return result.ok
        ? result
        : { ...result, error: { ...result.error, errors: flattenMainInfoErrors(result.error.errors) } };
    },
    onSuccess: () => saved(sent.current!),
    // A refused profile update (400) leaves the data unchanged and says so in a snackbar (docs/auth.md).
    onRefused: () => showSnack('error', t('profile.base_not_saved')),
  });

  /** What every field of this form is given: its id, its registration and its error. */
  const field = (name: BaseInfoField) => ({
    id: `base-${name}`,
    compact: true,
    registration: register(name),
    error: errors[name]?.message,
  });
  const blankOption = (name: BaseInfoField) =>
    initial[name] === '' && <option value="">{t('profile.base_not_specified')}</option>;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('firstname')} label={t('auth.field_first_name')} required autoComplete="given-name" />
        <TextField {...field('lastname')} label={t('auth.field_last_name')} autoComplete="family-name" />
        <TextField
          {...field('email')}
          label={t('auth.field_email')}
          hint={t('profile.base_email_hint')}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        {emailChanging && (
          <PasswordField
            {...field('current_password')}
            label={t('profile.base_current_password')}
            hint={t('profile.base_current_password_hint')}
            autoComplete="current-password"
            required
            t={t}
          />
        )}
        <TextField
          {...field('phone')}
          label={t('auth.field_phone')}
          hint={t('profile.base_phone_hint', { example: phoneExample })}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
        />
        <SelectField {...field('trader_status')} label={t('auth.field_kind')} required>
          {TRADER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(TRADER_STATUS_LABEL[status])}
            </option>
          ))}
        </SelectField>
        <SelectField {...field('activity')} label={t('profile.base_activity')}>
          {blankOption('activity')}
          {ACTIVITIES.map((activity) => (
            <option key={activity} value={activity}>
              {t(ACTIVITY_LABEL[activity])}
            </option>
          ))}
        </SelectField>
        {GROWERS.has(kind) ? (
          <NumberField
            {...field('farm_size_acres')}
            label={t('profile.base_farm_size')}
            text={watch('farm_size_acres')}
            reading={{ locale, meaning: { unit: 'ac' } }}
            t={t}
          />
        ) : (
          <div className="grid grid-cols-[1fr_auto] gap-2">
            <NumberField
              {...field('turnover_amount')}
              label={t('profile.base_turnover', { currency: currencyCode })}
              text={watch('turnover_amount')}
              reading={{ locale, meaning: { unit: currencyCode } }}
              t={t}
            />
            {/* Not full width: the period sits beside the amount, as wide as its longest option. */}
            <Field
              id="base-turnover_period"
              compact
              label={t('profile.base_turnover_period')}
              error={errors.turnover_period?.message}
            >
              {(control) => (
                <select
                  {...control}
                  {...register('turnover_period')}
                  className={`select ${errors.turnover_period ? 'select-error' : ''}`}
                >
                  {blankOption('turnover_period')}
                  {TURNOVER_PERIODS.map((period) => (
                    <option key={period} value={period}>
                      {t(TURNOVER_PERIOD_LABEL[period])}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        )}
        <SelectField {...field('locale')} label={t('profile.base_language')} hint={t('profile.base_language_hint')}>
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LOCALE_META[code].label}
            </option>
          ))}
        </SelectField>
        <SelectField {...field('currency_id')} label={t('profile.base_currency')}>
          {currencies.map((currency) => (
            <option key={currency.id} value={String(currency.id)}>
              {currency.code} · {currency.name}
            </option>
          ))}
        </SelectField>
        <SelectField {...field('gender')} label={t('profile.base_gender')}>
          {blankOption('gender')}
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {t(GENDER_LABEL[gender])}
            </option>
          ))}
        </SelectField>
        <SelectField {...field('age_range')} label={t('profile.base_age_range')}>
          {blankOption('age_range')}
          {AGE_RANGES.map((range) => (
            <option key={range} value={range}>
              {t(AGE_RANGE_LABEL[range])}
            </option>
          ))}
        </SelectField>
      </div>
      <FormAlert inline problem={problem} onRetry={() => void submit()} retryLabel={t('auth.form_retry')} />
      <SubmitButton busy={isSubmitting} className="self-start">
        {t('profile.base_save')}
      </SubmitButton>
    </form>
  );
}
