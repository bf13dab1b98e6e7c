import { NewPasswordFields } from '../../auth/AccountFields';
import type { ClientTranslate } from '../../lib/i18n';
import { useStepFields } from '../use-step-fields';

export default function PasswordStep({ t }: { t: ClientTranslate }) {
  return <NewPasswordFields {...useStepFields()} label={t('auth.field_password')} t={t} />;
}
