import { useEffect, useId, useRef, useState } from 'react';
import { apiPost } from '~/stores/api';
import { fieldAria, FieldError, FieldHint, FieldLabel, FormAlert, SubmitButton } from '~/islands/lib/fields';
import { type FormProblem, problemOf } from '~/islands/lib/form-problem';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';

interface Props {
  messages: Messages;
}

const MESSAGE_MAX = 1000;

/**
 * Asks for the silver tier with an optional note for the reviewer. Once sent (or when the server says a
 * request is already waiting) the form gives way to the pending state.
 */
export default function RequestSilver({ messages }: Props) {
  const t = createClientTranslator(messages);
  const id = useId();
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<{ title: string; text?: string } | null>(null);
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<FormProblem>();
  const field = useRef<HTMLTextAreaElement>(null);
  const status = useRef<HTMLDivElement>(null);

  // The form gives way to the result: focus goes to it so it is read out and the keyboard does not get lost.
  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);

  async function send() {
    setSending(true);
    setError(undefined);
    setFailure(undefined);
    const result = await apiPost<{ id: number }>('/user/request-silver', { message: message.trim() || undefined });
    setSending(false);
    if (result.ok || result.status === 409) {
      // 409: a request is already waiting, or the tier was raised meanwhile; the server's message says which.
      setDone(
        result.ok
          ? { title: t('tiers.request_submitted'), text: t('tiers.request_waiting') }
          : { title: result.error.message },
      );
      return;
    }
    const fieldMessage = result.error.errors?.message?.[0];
    if (fieldMessage) {
      setError(fieldMessage);
      field.current?.focus();
    } else setFailure(problemOf(result, t));
  }

  if (done) {
    return (
      <div
        ref={status}
        tabIndex={-1}
        role="status"
        className="alert alert-success flex-col items-start sm:flex-row sm:items-center"
      >
        <div>
          <p className="font-semibold">{done.title}</p>
          {done.text && <p>{done.text}</p>}
        </div>
      </div>
    );
  }

  const fieldId = `${id}-message`;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="flex flex-col gap-1">
        <FieldLabel id={fieldId} label={t('tiers.request_message')} compact />
        <FieldHint id={fieldId} hint={t('tiers.request_message_hint')} compact />
        <textarea
          ref={field}
          id={fieldId}
          name="message"
          rows={4}
          maxLength={MESSAGE_MAX}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          {...fieldAria(fieldId, { hint: true, error })}
        />
        <FieldError id={fieldId} message={error} />
      </div>
      <FormAlert inline problem={failure} onRetry={() => void send()} retryLabel={t('auth.form_retry')} />
      <SubmitButton busy={sending} className="self-start">
        {t('tiers.request_submit')}
      </SubmitButton>
    </form>
  );
}
