import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { requestResetSchema } from '../../features/accounts/schemas';
import { apiPost } from '../lib/api';
import { applyServerErrors, zodFormResolver } from '../lib/forms';
import { type Messages, createClientTranslator } from '../lib/i18n';
import type { CaptchaConfig } from './captcha';
import { FORM_MESSAGE_KEYS, FormAlert, type FormProblem, SubmitButton, SuccessAlert, TextField } from './FormParts';
import { problemOf } from './form-problem';
import { useCaptcha } from './use-captcha';

/** The person fills in the address; the bot-check token is added when sending. */
const forgotSchema = requestResetSchema.pick({ email: true });
type ForgotValues = z.input<typeof forgotSchema>;
export const FORGOT_MESSAGE_KEYS = [...FORM_MESSAGE_KEYS, 'auth.field_email', 'auth.forgot_submit', 'auth.forgot_sent', 'auth.back_to_login', 'accounts.captcha_failed', 'accounts.captcha_unavailable'];

interface Props {
  messages: Messages;
  captcha: CaptchaConfig | null;
  loginHref: string;
}

/**
 * Asks for a password-reset link. The answer is the same whether or not the address has an account, so the
 * confirmation never reveals who is a member.
 */
export default function ForgotPasswordForm({ messages, captcha, loginHref }: Props) {
  const t = useMemo(() => createClientTranslator(messages), [messages]);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [isSent, setSent] = useState(false);
  const { containerRef, getToken } = useCaptcha(captcha);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ForgotValues>({ resolver: zodFormResolver(forgotSchema, t, messages), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    const check = await getToken();
    if (check.errorKey) {
      setProblem({ message: t(check.errorKey) });
      return;
    }
    const result = await apiPost('/user/request-password-reset/', { email: values.email, captcha_token: check.token });
    if (result.ok) {
      setSent(true);
      return;
    }
    if (result.error.errors?.email) {
      applyServerErrors(result.error, setError, ['email']);
      setFocus('email');
      return;
    }
    setProblem(problemOf(result, t));
  });

  if (isSent) {
    return (
      <SuccessAlert>
        <p>{t('auth.forgot_sent')}</p>
        <a href={loginHref} className="btn btn-sm">
          {t('auth.back_to_login')}
        </a>
      </SuccessAlert>
    );
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert problem={problem} onRetry={() => onSubmit()} retryLabel={t('auth.form_retry')} />
      <TextField
        id="forgot-email"
        label={t('auth.field_email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        registration={register('email')}
        error={errors.email?.message}
      />
      <div ref={containerRef} />
      <SubmitButton busy={isSubmitting}>{t('auth.forgot_submit')}</SubmitButton>
    </form>
  );
}
