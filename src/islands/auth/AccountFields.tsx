import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN, TRADER_STATUSES } from '~/features/accounts/constants';
import { TRADER_STATUS_LABEL, TRADER_STATUS_TEXT } from '~/features/accounts/labels';
import { FieldError, PasswordField, TextField, fieldAria } from '~/islands/lib/fields';
import type { ClientTranslate } from '~/islands/lib/i18n';

/**
 * The account's fields as the short sign-up form, the sign-up wizard and the password forms ask for them, so
 * each is labelled, hinted and typed (keyboard, autofill) alike wherever it appears.
 */
interface AccountFieldsProps<F extends string> {
  /** The form's react-hook-form `register`. */
  register: (name: F) => UseFormRegisterReturn;
  errors: Partial<Record<F, { message?: string }>>;
  /** The id of a field's control: forms move the focus to the first invalid field by it. */
  idOf: (field: F) => string;
  t: ClientTranslate;
}

export function NameFields({ register, errors, idOf, t }: AccountFieldsProps<'first_name' | 'last_name'>) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={idOf('first_name')}
        label={t('auth.field_first_name')}
        autoComplete="given-name"
        registration={register('first_name')}
        error={errors.first_name?.message}
      />
      <TextField
        id={idOf('last_name')}
        label={t('auth.field_last_name')}
        optional={t('auth.field_optional')}
        autoComplete="family-name"
        registration={register('last_name')}
        error={errors.last_name?.message}
      />
    </div>
  );
}

export function EmailField({
  register,
  errors,
  idOf,
  t,
  optional,
}: AccountFieldsProps<'email'> & { optional?: boolean }) {
  return (
    <TextField
      id={idOf('email')}
      label={t('auth.field_email')}
      optional={optional ? t('auth.field_optional') : undefined}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      registration={register('email')}
      error={errors.email?.message}
    />
  );
}

/** `example`: a number of the person's country, as the page worked it out (src/server/http/phone-example.ts). */
export function PhoneField({ register, errors, idOf, t, example }: AccountFieldsProps<'phone'> & { example: string }) {
  return (
    <TextField
      id={idOf('phone')}
      label={t('auth.field_phone')}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      hint={t('auth.field_phone_hint', { example })}
      registration={register('phone')}
      error={errors.phone?.message}
    />
  );
}

/** An e-mail address or a phone number (or both): one of them is enough to sign up. */
export function ContactFields(props: AccountFieldsProps<'email' | 'phone'> & { phoneExample: string }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
      <legend className="px-1 text-sm font-semibold">{props.t('auth.field_contact_hint')}</legend>
      <EmailField {...props} />
      <PhoneField {...props} example={props.phoneExample} />
    </fieldset>
  );
}

/** A new password and its repeat; `label` names the first ("Password" at sign-up, "New password" on a reset). */
export function NewPasswordFields({
  register,
  errors,
  idOf,
  t,
  label,
}: AccountFieldsProps<'password' | 'password_repeat'> & { label: string }) {
  return (
    <>
      <PasswordField
        id={idOf('password')}
        label={label}
        autoComplete="new-password"
        hint={t('auth.field_password_hint', { min: PASSWORD_MIN })}
        registration={register('password')}
        error={errors.password?.message}
        t={t}
      />
      <PasswordField
        id={idOf('password_repeat')}
        label={t('auth.field_password_repeat')}
        autoComplete="new-password"
        registration={register('password_repeat')}
        error={errors.password_repeat?.message}
        t={t}
      />
    </>
  );
}

/** A radio choice shown as a large card (the kind here, the wizard's quick or full path). */
export const CHOICE_CARD =
  'flex min-h-12 cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-[:checked]:border-primary has-[:checked]:bg-base-200';

/**
 * The kind of member, as cards with a line of explanation each. `initial` is checked in the server's HTML too, so
 * the choice shows (and is sent by a plain form) before the island runs.
 */
export function KindChoice({
  register,
  errors,
  idOf,
  t,
  initial,
}: AccountFieldsProps<'trader_status'> & { initial?: string }) {
  const id = idOf('trader_status');
  const error = errors.trader_status?.message;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">{t('auth.field_kind')}</legend>
      {TRADER_STATUSES.map((status, index) => (
        <label key={status} className={CHOICE_CARD}>
          <input
            id={index === 0 ? id : undefined}
            type="radio"
            value={status}
            defaultChecked={initial === status}
            className="radio radio-primary mt-0.5"
            {...fieldAria(id, { error })}
            {...register('trader_status')}
          />
          <span className="flex flex-col">
            <span className="font-semibold">{t(TRADER_STATUS_LABEL[status])}</span>
            <span className="text-sm opacity-80">{t(TRADER_STATUS_TEXT[status])}</span>
          </span>
        </label>
      ))}
      <FieldError id={id} message={error} />
    </fieldset>
  );
}
