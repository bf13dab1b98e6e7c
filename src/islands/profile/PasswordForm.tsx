import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { PASSWORD_MIN } from '../../features/accounts/constants';
import { changePasswordSchema } from '../../features/accounts/schemas';
import { showSnack } from '../../stores/snackbar';
import { apiPost } from '../lib/api';
import { FormAlert, TextField, useHydrated } from '../lib/fields';
import { type FormProblem, problemOf } from '../lib/form-problem';
import { applyServerErrors, zodFormResolver } from '../lib/forms';
import { type Messages, createClientTranslator } from '../lib/i18n';

interface Props {
  messages: Messages;
}

type Values = { current_password: string; password: string; password_repeat: string };
const FIELDS = ['current_password', 'password', 'password_repeat'] as const;

/** Changes the password with the current one; the server then ends every other session of the user. */
export default function PasswordForm({ messages }: Props) {
  // Until React runs, a click would submit the form the browser's way (fields in the URL): wait for it.
  const hydrated = useHydrated();
  const t = createClientTranslator(messages);
  const [failure, setFailure] = useState<FormProblem>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { current_password: '', password: '', password_repeat: '' },
    resolver: zodFormResolver(changePasswordSchema, t, messages) as unknown as Resolver<Values>,
  });

  async function save(values: Values) {
    setFailure(undefined);
    const result = await apiPost('/user/change-password', values);
    if (result.ok) {
      reset();
      showSnack('success', t('profile.password_changed'), 8000);
      return;
    }
    const unplaced = applyServerErrors(result.error, setError, FIELDS);
    const first = FIELDS.find((field) => result.error.errors?.[field]);
    if (first) setFocus(first);
    if (result.status === 0) setFailure(problemOf(result, t));
    else if (unplaced.length > 0) setFailure({ message: unplaced });
  }
  const submit = handleSubmit(save);

  const field = (name: (typeof FIELDS)[number]) => ({
    id: `password-${name}`,
    type: 'password',
    compact: true,
    required: true,
    registration: register(name),
    error: errors[name]?.message,
  });

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
      <p className="text-sm">{t('profile.password_sessions_note')}</p>
      <TextField {...field('current_password')} label={t('profile.password_current')} autoComplete="current-password" />
      <TextField {...field('password')} label={t('auth.field_new_password')} hint={t('auth.field_password_hint', { min: PASSWORD_MIN })} autoComplete="new-password" />
      <TextField {...field('password_repeat')} label={t('auth.field_password_repeat')} autoComplete="new-password" />
      <FormAlert inline problem={failure} onRetry={() => void submit()} retryLabel={t('auth.form_retry')} />
      <button type="submit" className="btn btn-primary min-h-12 self-start" disabled={isSubmitting || !hydrated} aria-busy={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t('profile.password_submit')}
      </button>
    </form>
  );
}
