import { NameFields } from '~/islands/auth/AccountFields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { useStepFields } from '~/islands/signup-wizard/use-step-fields';

export default function NameStep({ t }: { t: ClientTranslate }) {
  return <NameFields {...useStepFields()} t={t} />;
}
