import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PASSWORD_MIN } from '../../features/accounts/constants';
import { resetPasswordSchema } from '../../features/accounts/schemas';
import { apiPost } from '../lib/api';
import { applyServerErrors, zodFormResolver } from '../lib/forms';
import { type Messages, createClientTranslator } from '../lib/i18n';
import { FORM_MESSAGE_KEYS, FormAlert, type FormProblem, PasswordField, SubmitButton, SuccessAlert } from './FormParts';
import { problemOf } from './form-problem';

type ResetValues = z.input<typeof resetPasswordSchema>;
const FIELDS = ['password', 'password_repeat'] as const;
export const RESET_MESSAGE_KEYS = [
  ...FORM_MESSAGE_KEYS,
  'auth.field_new_password',
  'auth.field_password_hint',
  'auth.field_password_repeat',
  'auth.reset_submit',
  'auth.reset_done',
  'auth.reset_ask_new',
  'auth.sign_in',
  'accounts.password_too_short',
  'accounts.passwords_differ',
];

interface Props {
  messages: Messages;
  token: string;
  loginHref: string;
  forgotHref: string;
}

/** Sets a new password from an e-mailed link. An invalid or used link says so and offers a new one. */
export default function ResetPasswordForm({ messages, token, loginHref, forgotHref }: Props) {
  const t = useMemo(() => createClientTranslator(messages), [messages]);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [isLinkInvalid, setLinkInvalid] = useState(false);
  const [isDone, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ resolver: zodFormResolver(resetPasswordSchema, t, messages), defaultValues: { token, password: '', password_repeat: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    const result = await apiPost('/user/reset-password', values as z.output<typeof resetPasswordSchema>);
    if (result.ok) {
      setDone(true);
      return;
    }
    if (result.error.errors) {
      // The token is not a field the person can fix: the link itself is spent or expired.
      setLinkInvalid(Boolean(result.error.errors.token));
      const unplaced = applyServerErrors(result.error, setError, FIELDS);
      const first = FIELDS.find((field) => result.error.errors?.[field]);
      if (first) setFocus(first);
      if (unplaced.length > 0) setProblem({ message: unplaced.join(' ') });
      return;
    }
    setProblem(problemOf(result, t));
  });

  if (isDone) {
    return (
      <SuccessAlert>
        <p>{t('auth.reset_done')}</p>
        <a href={loginHref} className="btn btn-sm">
          {t('auth.sign_in')}
        </a>
      </SuccessAlert>
    );
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert
        problem={problem}
        onRetry={() => onSubmit()}
        retryLabel={t('auth.form_retry')}
        action={
          isLinkInvalid && (
            <a href={forgotHref} className="btn btn-sm">
              {t('auth.reset_ask_new')}
            </a>
          )
        }
      />
      <input type="hidden" {...register('token')} />
      <PasswordField
        id="reset-password"
        label={t('auth.field_new_password')}
        autoComplete="new-password"
        hint={t('auth.field_password_hint', { min: PASSWORD_MIN })}
        registration={register('password')}
        error={errors.password?.message}
        t={t}
      />
      <PasswordField
        id="reset-password-repeat"
        label={t('auth.field_password_repeat')}
        autoComplete="new-password"
        registration={register('password_repeat')}
        error={errors.password_repeat?.message}
        t={t}
      />
      <SubmitButton busy={isSubmitting}>{t('auth.reset_submit')}</SubmitButton>
    </form>
  );
}
