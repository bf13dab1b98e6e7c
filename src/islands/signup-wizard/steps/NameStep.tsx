import { NameFields } from '../../auth/AccountFields';
import type { ClientTranslate } from '../../lib/i18n';
import { useStepFields } from '../use-step-fields';

export default function NameStep({ t }: { t: ClientTranslate }) {
  return <NameFields {...useStepFields()} t={t} />;
}
