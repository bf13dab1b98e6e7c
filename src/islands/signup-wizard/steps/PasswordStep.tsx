import { NewPasswordFields } from '~/islands/auth/AccountFields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { useStepFields } from '~/islands/signup-wizard/use-step-fields';

export default function PasswordStep({ t }: { t: ClientTranslate }) {
  return <NewPasswordFields {...useStepFields()} label={t('auth.field_password')} t={t} />;
}
