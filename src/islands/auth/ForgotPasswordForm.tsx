import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { requestResetSchema } from '~/features/accounts/schemas';
import { apiPost } from '~/islands/lib/api';
import { FORM_MESSAGE_KEYS, FormAlert, SubmitButton, SuccessAlert } from '~/islands/lib/fields';
import { zodFormResolver } from '~/islands/lib/forms';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import { useApiSubmit } from '~/islands/lib/use-api-submit';
import { EmailField } from './AccountFields';
import type { CaptchaConfig } from './captcha';
import { useCaptcha } from './use-captcha';

/** The person fills in the address; the bot-check token is added when sending. */
const forgotSchema = requestResetSchema.pick({ email: true });
type ForgotValues = z.input<typeof forgotSchema>;
export const FORGOT_MESSAGE_KEYS = [
  ...FORM_MESSAGE_KEYS,
  'auth.field_email',
  'auth.forgot_submit',
  'auth.forgot_sent',
  'auth.back_to_login',
  'accounts.captcha_failed',
  'accounts.captcha_unavailable',
];

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
  const [isSent, setSent] = useState(false);
  const { containerRef, getToken } = useCaptcha(captcha);
  const form = useForm<ForgotValues>({
    resolver: zodFormResolver(forgotSchema, t, messages),
    defaultValues: { email: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const { problem, submit } = useApiSubmit(form, {
    fields: ['email'],
    t,
    send: async (values) => {
      const check = await getToken();
      if (check.errorKey) return { message: t(check.errorKey) };
      return apiPost('/user/request-password-reset/', { email: values.email, captcha_token: check.token });
    },
    onSuccess: () => setSent(true),
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
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormAlert problem={problem} onRetry={() => submit()} retryLabel={t('auth.form_retry')} />
      <EmailField register={register} errors={errors} idOf={(field) => `forgot-${field}`} t={t} />
      <div ref={containerRef} />
      <SubmitButton busy={isSubmitting}>{t('auth.forgot_submit')}</SubmitButton>
    </form>
  );
}
