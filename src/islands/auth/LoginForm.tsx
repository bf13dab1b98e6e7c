import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { loginSchema } from '~/features/accounts/schemas';
import { announceAuthChange, followAuthChanges } from '~/stores/auth';
import { apiPost } from '~/islands/lib/api';
import { FORM_MESSAGE_KEYS, FormAlert, PasswordField, SubmitButton, TextField } from '~/islands/lib/fields';
import { zodFormResolver } from '~/islands/lib/forms';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import { useApiSubmit } from '~/islands/lib/use-api-submit';

type LoginValues = z.input<typeof loginSchema>;
const FIELDS = ['email', 'password'] as const;
export const LOGIN_MESSAGE_KEYS = [
  ...FORM_MESSAGE_KEYS,
  'auth.field_login',
  'auth.field_password',
  'auth.login_remember',
  'auth.login_forgot',
  'auth.sign_in',
];

interface Props {
  messages: Messages;
  /** Where to go once signed in: the page's safe `redirect` parameter, or the localized home. */
  destination: string;
  forgotHref: string;
}

/** The sign-in form: e-mail or phone, password, remember me. */
export default function LoginForm({ messages, destination, forgotHref }: Props) {
  const t = useMemo(() => createClientTranslator(messages), [messages]);
  const [isLeaving, setLeaving] = useState(false);
  const form = useForm<LoginValues>({
    resolver: zodFormResolver(loginSchema, t, messages),
    defaultValues: { email: '', password: '', remember_me: false },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  // A sign-in in another tab makes this form pointless: continue where this tab was going. The same address
  // is used after our own sign-in, so the announcement this tab hears from itself cannot send it elsewhere.
  useEffect(() => followAuthChanges(false, destination), [destination]);

  const { problem, submit } = useApiSubmit(form, {
    fields: FIELDS,
    t,
    send: (values) => apiPost('/user/login', values as z.output<typeof loginSchema>),
    onSuccess: () => {
      setLeaving(true);
      announceAuthChange(true);
      window.location.assign(destination);
    },
  });

  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormAlert problem={problem} onRetry={() => submit()} retryLabel={t('auth.form_retry')} />
      <TextField
        id="login-email"
        label={t('auth.field_login')}
        type="text"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        registration={register('email')}
        error={errors.email?.message}
      />
      <PasswordField
        id="login-password"
        label={t('auth.field_password')}
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
        t={t}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor="login-remember" className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            id="login-remember"
            type="checkbox"
            className="checkbox checkbox-primary"
            {...register('remember_me')}
          />
          <span>{t('auth.login_remember')}</span>
        </label>
        <a href={forgotHref} className="link link-primary inline-flex min-h-11 items-center">
          {t('auth.login_forgot')}
        </a>
      </div>
      <SubmitButton busy={isSubmitting || isLeaving}>{t('auth.sign_in')}</SubmitButton>
    </form>
  );
}
