import { ContactFields } from '~/islands/auth/AccountFields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { useStepFields } from '~/islands/signup-wizard/use-step-fields';

/** Quick path: an e-mail address or a phone number (or both), without the PIN round. */
export default function ContactStep({ t, phoneExample }: { t: ClientTranslate; phoneExample: string }) {
  return <ContactFields {...useStepFields()} t={t} phoneExample={phoneExample} />;
}
