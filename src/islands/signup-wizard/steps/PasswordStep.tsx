import { useFormContext } from 'react-hook-form';
import { PASSWORD_MIN } from '../../../features/accounts/constants';
import { PasswordField } from '../../auth/FormParts';
import type { ClientTranslate } from '../../lib/i18n';
import { type WizardValues, fieldId } from '../wizard-model';

export default function PasswordStep({ t }: { t: ClientTranslate }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<WizardValues>();
  return (
    <>
      <PasswordField
        id={fieldId('password')}
        label={t('auth.field_password')}
        autoComplete="new-password"
        hint={t('auth.field_password_hint', { min: PASSWORD_MIN })}
        registration={register('password')}
        error={errors.password?.message}
        t={t}
      />
      <PasswordField
        id={fieldId('password_repeat')}
        label={t('auth.field_password_repeat')}
        autoComplete="new-password"
        registration={register('password_repeat')}
        error={errors.password_repeat?.message}
        t={t}
      />
    </>
  );
}
