import { NewPasswordFields } from '~/islands/auth/AccountFields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import SilverNotice from '~/islands/signup-wizard/SilverNotice';
import { useStepFields } from '~/islands/signup-wizard/use-step-fields';

/** The last step: the password, and — before the account is made — what selling will need (the silver tier). */
export default function PasswordStep({ t, tiersHref }: { t: ClientTranslate; tiersHref: string }) {
  return (
    <>
      <NewPasswordFields {...useStepFields()} label={t('auth.field_password')} t={t} />
      <SilverNotice t={t} tiersHref={tiersHref} />
    </>
  );
}
