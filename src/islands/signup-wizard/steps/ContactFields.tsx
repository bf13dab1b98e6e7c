import { useFormContext } from 'react-hook-form';
import { TextField } from '../../auth/FormParts';
import type { ClientTranslate } from '../../lib/i18n';
import { type WizardValues, fieldId } from '../wizard-model';

/** The e-mail field, alone (full path, after the phone) or with the phone (quick path: one of them is enough). */
export function EmailField({ t, optional }: { t: ClientTranslate; optional?: boolean }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<WizardValues>();
  return (
    <TextField
      id={fieldId('email')}
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

export function PhoneField({ t }: { t: ClientTranslate }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<WizardValues>();
  return (
    <TextField
      id={fieldId('phone')}
      label={t('auth.field_phone')}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      hint={t('auth.field_phone_hint')}
      registration={register('phone')}
      error={errors.phone?.message}
    />
  );
}

/** Quick path: an e-mail address or a phone number (or both), without the PIN round. */
export default function ContactStep({ t }: { t: ClientTranslate }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
      <legend className="px-1 text-sm font-semibold">{t('auth.field_contact_hint')}</legend>
      <EmailField t={t} />
      <PhoneField t={t} />
    </fieldset>
  );
}
