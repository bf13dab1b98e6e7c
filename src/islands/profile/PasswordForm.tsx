import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { PASSWORD_MIN } from '../../features/accounts/constants';
import { changePasswordSchema } from '../../features/accounts/schemas';
import { showSnack } from '../../stores/snackbar';
import { apiPost } from '../lib/api';
import { applyServerErrors, zodFormResolver } from '../lib/forms';
import { type Messages, createClientTranslator } from '../lib/i18n';
import FailureAlert from './FailureAlert';
import FieldShell from './FieldShell';
import { describedBy, failureText } from './failure';

interface Props {
  messages: Messages;
}

type Values = { current_password: string; password: string; password_repeat: string };
const FIELDS = ['current_password', 'password', 'password_repeat'] as const;

/** Changes the password with the current one; the server then ends every other session of the user. */
export default function PasswordForm({ messages }: Props) {
  const t = createClientTranslator(messages);
  const [failure, setFailure] = useState<{ messages: string[]; retry: boolean }>();
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
    if (result.status === 0) setFailure({ messages: [failureText(0, result.error, t)], retry: true });
    else if (unplaced.length > 0) setFailure({ messages: unplaced, retry: false });
  }
  const submit = handleSubmit(save);

  const control = (field: (typeof FIELDS)[number], hint = false) => ({
    id: `password-${field}`,
    ...register(field),
    type: 'password',
    className: `input w-full ${errors[field] ? 'input-error' : ''}`,
    'aria-required': true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(`password-${field}`, { hint, error: errors[field] }),
  });

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
      <p className="text-sm">{t('profile.password_sessions_note')}</p>
      <FieldShell id="password-current_password" label={t('profile.password_current')} error={errors.current_password?.message} required>
        <input {...control('current_password')} autoComplete="current-password" />
      </FieldShell>
      <FieldShell id="password-password" label={t('auth.field_new_password')} error={errors.password?.message} hint={t('auth.field_password_hint', { min: PASSWORD_MIN })} required>
        <input {...control('password', true)} autoComplete="new-password" />
      </FieldShell>
      <FieldShell id="password-password_repeat" label={t('auth.field_password_repeat')} error={errors.password_repeat?.message} required>
        <input {...control('password_repeat')} autoComplete="new-password" />
      </FieldShell>
      {failure && <FailureAlert messages={failure.messages} onRetry={failure.retry ? () => void submit() : undefined} retryLabel={t('auth.form_retry')} />}
      <button type="submit" className="btn btn-primary min-h-12 self-start" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t('profile.password_submit')}
      </button>
    </form>
  );
}
