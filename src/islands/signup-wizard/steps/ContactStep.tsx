import { ContactFields } from '../../auth/AccountFields';
import type { ClientTranslate } from '../../lib/i18n';
import { useStepFields } from '../use-step-fields';

/** Quick path: an e-mail address or a phone number (or both), without the PIN round. */
export default function ContactStep({ t }: { t: ClientTranslate }) {
  return <ContactFields {...useStepFields()} t={t} />;
}
