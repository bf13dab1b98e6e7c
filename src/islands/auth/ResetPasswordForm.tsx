import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { resetPasswordSchema } from '~/features/accounts/schemas';
import { apiPost } from '~/islands/lib/api';
import { FORM_MESSAGE_KEYS, FormAlert, SubmitButton, SuccessAlert } from '~/islands/lib/fields';
import { zodFormResolver } from '~/islands/lib/forms';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import { useApiSubmit } from '~/islands/lib/use-api-submit';
import { NewPasswordFields } from './AccountFields';

type ResetValues = z.input<typeof resetPasswordSchema>;
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
  const [isLinkInvalid, setLinkInvalid] = useState(false);
  const [isDone, setDone] = useState(false);
  const form = useForm<ResetValues>({
    resolver: zodFormResolver(resetPasswordSchema, t, messages),
    defaultValues: { token, password: '', password_repeat: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const { problem, submit } = useApiSubmit(form, {
    fields: ['password', 'password_repeat'],
    t,
    send: async (values) => {
      const result = await apiPost('/user/reset-password', values as z.output<typeof resetPasswordSchema>);
      // The token is not a field the person can fix: the link itself is spent or expired.
      if (!result.ok && result.error.errors) setLinkInvalid(Boolean(result.error.errors.token));
      return result;
    },
    onSuccess: () => setDone(true),
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
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormAlert
        problem={problem}
        onRetry={() => submit()}
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
      <NewPasswordFields
        register={register}
        errors={errors}
        idOf={(field) => `reset-${field.replace('_', '-')}`}
        label={t('auth.field_new_password')}
        t={t}
      />
      <SubmitButton busy={isSubmitting}>{t('auth.reset_submit')}</SubmitButton>
    </form>
  );
}
