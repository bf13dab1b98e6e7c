import { EmailField } from '~/islands/auth/AccountFields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { useStepFields } from '~/islands/signup-wizard/use-step-fields';

/** Full path, after the phone: the e-mail alone, optional once the phone is confirmed. */
export default function EmailStep({ t, optional }: { t: ClientTranslate; optional?: boolean }) {
  return <EmailField {...useStepFields()} t={t} optional={optional} />;
}
