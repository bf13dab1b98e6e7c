import { useMemo, useState } from 'react';
import { apiPost } from '~/stores/api';
import { FormAlert, SuccessAlert, useHydrated } from '~/islands/lib/fields';
import { type FormProblem, problemOf } from '~/islands/lib/form-problem';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';

export const RESEND_MESSAGE_KEYS = ['auth.resend_link', 'auth.resend_done', 'auth.form_offline', 'auth.form_retry'];

interface Props {
  messages: Messages;
  email: string;
}

/** "Send a new confirmation link" for a signed-in user whose link no longer works. */
export default function ResendConfirmation({ messages, email }: Props) {
  const t = useMemo(() => createClientTranslator(messages), [messages]);
  const hydrated = useHydrated();
  const [isBusy, setBusy] = useState(false);
  const [isSent, setSent] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);

  async function resend() {
    setBusy(true);
    setProblem(null);
    const result = await apiPost('/user/resend-email-confirmation');
    setBusy(false);
    if (result.ok) setSent(true);
    else setProblem(problemOf(result, t));
  }

  if (isSent) {
    return (
      <SuccessAlert>
        <p>{t('auth.resend_done', { email })}</p>
      </SuccessAlert>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <FormAlert problem={problem} onRetry={resend} retryLabel={t('auth.form_retry')} />
      <button
        type="button"
        className="btn btn-primary"
        onClick={resend}
        disabled={isBusy || !hydrated}
        aria-busy={isBusy || undefined}
      >
        {isBusy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t('auth.resend_link')}
      </button>
    </div>
  );
}
