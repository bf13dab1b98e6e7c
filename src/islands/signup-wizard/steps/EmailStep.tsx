import { EmailField } from '../../auth/AccountFields';
import type { ClientTranslate } from '../../lib/i18n';
import { useStepFields } from '../use-step-fields';

/** Full path, after the phone: the e-mail alone, optional once the phone is confirmed. */
export default function EmailStep({ t, optional }: { t: ClientTranslate; optional?: boolean }) {
  return <EmailField {...useStepFields()} t={t} optional={optional} />;
}
