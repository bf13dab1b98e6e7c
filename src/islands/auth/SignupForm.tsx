import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { TraderStatus } from '~/features/accounts/constants';
import { TRADER_STATUS_LABEL, TRADER_STATUS_TEXT } from '~/features/accounts/labels';
import { signupSchema } from '~/features/accounts/schemas';
import { DEFAULT_LOCALE, isLocale } from '~/i18n/config';
import { announceAuthChange } from '~/stores/auth';
import { apiPost } from '~/islands/lib/api';
import { FORM_MESSAGE_KEYS, FormAlert, SubmitButton } from '~/islands/lib/fields';
import { zodFormResolver } from '~/islands/lib/forms';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import { useApiSubmit } from '~/islands/lib/use-api-submit';
import { ContactFields, KindChoice, NameFields, NewPasswordFields } from './AccountFields';
import type { CaptchaConfig } from './captcha';
import { useCaptcha } from './use-captcha';

type SignupValues = z.input<ReturnType<typeof signupSchema>>;
/** In the order they appear, so the focus goes to the first field the server found wrong. */
const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'password', 'password_repeat', 'trader_status'] as const;
export const SIGNUP_MESSAGE_KEYS = [
  ...FORM_MESSAGE_KEYS,
  ...Object.values(TRADER_STATUS_LABEL),
  ...Object.values(TRADER_STATUS_TEXT),
  'auth.field_first_name',
  'auth.field_last_name',
  'auth.field_optional',
  'auth.field_contact_hint',
  'auth.field_email',
  'auth.field_phone',
  'auth.field_phone_hint',
  'auth.field_password',
  'auth.field_password_hint',
  'auth.field_password_repeat',
  'auth.field_kind',
  'auth.signup_submit',
  'accounts.',
];

interface Props {
  messages: Messages;
  locale: string;
  /** The kind chosen on the options page (?trader_status), if any. */
  traderStatus?: TraderStatus;
  captcha: CaptchaConfig | null;
}

const idOf = (field: string) => `signup-${field.replace(/_/g, '-')}`;

/** The short sign-up form: name, e-mail and/or phone, password, kind. */
export default function SignupForm({ messages, locale, traderStatus, captcha }: Props) {
  const t = useMemo(() => createClientTranslator(messages), [messages]);
  const [isLeaving, setLeaving] = useState(false);
  const { containerRef, getToken } = useCaptcha(captcha);
  const form = useForm<SignupValues>({
    resolver: zodFormResolver(signupSchema(isLocale(locale) ? locale : DEFAULT_LOCALE), t, messages),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      password: '',
      password_repeat: '',
      trader_status: traderStatus,
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const fields = { register, errors, idOf, t };

  const { problem, submit } = useApiSubmit(form, {
    fields: FIELDS,
    t,
    send: async (values) => {
      const check = await getToken();
      if (check.errorKey) return { message: t(check.errorKey) };
      const signup = values as z.output<ReturnType<typeof signupSchema>>;
      return apiPost<{ redirect: string }>('/user/signup/', {
        SignupForm: { ...signup, locale, captcha_token: check.token },
      });
    },
    onSuccess: (data) => {
      setLeaving(true);
      announceAuthChange(true);
      window.location.assign(data.redirect);
    },
  });

  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormAlert problem={problem} onRetry={() => submit()} retryLabel={t('auth.form_retry')} />
      <NameFields {...fields} />
      <ContactFields {...fields} />
      <NewPasswordFields {...fields} label={t('auth.field_password')} />
      <KindChoice {...fields} />
      <div ref={containerRef} />
      <SubmitButton busy={isSubmitting || isLeaving}>{t('auth.signup_submit')}</SubmitButton>
    </form>
  );
}
