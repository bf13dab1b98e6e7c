import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PASSWORD_MIN, TRADER_STATUSES, type TraderStatus } from '../../features/accounts/constants';
import { signupSchema } from '../../features/accounts/schemas';
import { announceAuthChange } from '../../stores/auth';
import { apiPost } from '../lib/api';
import { applyServerErrors, zodFormResolver } from '../lib/forms';
import { type Messages, createClientTranslator } from '../lib/i18n';
import type { CaptchaConfig } from './captcha';
import { FORM_MESSAGE_KEYS, FieldError, FormAlert, type FormProblem, PasswordField, SubmitButton, TextField, describedBy } from './FormParts';
import { problemOf } from './form-problem';
import { useCaptcha } from './use-captcha';

type SignupValues = z.input<typeof signupSchema>;
/** In the order they appear, so the focus goes to the first field the server found wrong. */
const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'password', 'password_repeat', 'trader_status'] as const;
const KIND_KEYS = {
  farmer: ['auth.kind_farmer', 'auth.kind_farmer_text'],
  trader: ['auth.kind_trader', 'auth.kind_trader_text'],
  input_seller: ['auth.kind_input_seller', 'auth.kind_input_seller_text'],
  cooperative: ['auth.kind_cooperative', 'auth.kind_cooperative_text'],
} as const satisfies Record<TraderStatus, readonly [string, string]>;
export const SIGNUP_MESSAGE_KEYS = [
  ...FORM_MESSAGE_KEYS,
  ...Object.values(KIND_KEYS).flat(),
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

/** The short sign-up form (spec §1): name, e-mail and/or phone, password, kind. */
export default function SignupForm({ messages, locale, traderStatus, captcha }: Props) {
  const t = useMemo(() => createClientTranslator(messages), [messages]);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [isLeaving, setLeaving] = useState(false);
  const { containerRef, getToken } = useCaptcha(captcha);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignupValues>({
    resolver: zodFormResolver(signupSchema, t, messages),
    defaultValues: { first_name: '', last_name: '', email: '', phone: '', password: '', password_repeat: '', trader_status: traderStatus },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    const check = await getToken();
    if (check.errorKey) {
      setProblem({ message: t(check.errorKey) });
      return;
    }
    const form = values as z.output<typeof signupSchema>;
    const result = await apiPost<{ redirect: string }>('/user/signup/', { SignupForm: { ...form, locale, captcha_token: check.token } });
    if (result.ok) {
      setLeaving(true);
      announceAuthChange(true);
      window.location.assign(result.data.redirect);
      return;
    }
    if (result.error.errors) {
      const unplaced = applyServerErrors(result.error, setError, FIELDS);
      const first = FIELDS.find((field) => result.error.errors?.[field]);
      if (first) setFocus(first);
      if (unplaced.length > 0) setProblem({ message: unplaced.join(' ') });
      return;
    }
    setProblem(problemOf(result, t));
  });

  const kindError = errors.trader_status?.message;
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert problem={problem} onRetry={() => onSubmit()} retryLabel={t('auth.form_retry')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="signup-first-name" label={t('auth.field_first_name')} autoComplete="given-name" registration={register('first_name')} error={errors.first_name?.message} />
        <TextField
          id="signup-last-name"
          label={t('auth.field_last_name')}
          optional={t('auth.field_optional')}
          autoComplete="family-name"
          registration={register('last_name')}
          error={errors.last_name?.message}
        />
      </div>
      <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
        <legend className="px-1 text-sm font-semibold">{t('auth.field_contact_hint')}</legend>
        <TextField
          id="signup-email"
          label={t('auth.field_email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          registration={register('email')}
          error={errors.email?.message}
        />
        <TextField
          id="signup-phone"
          label={t('auth.field_phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={t('auth.field_phone_hint')}
          registration={register('phone')}
          error={errors.phone?.message}
        />
      </fieldset>
      <PasswordField
        id="signup-password"
        label={t('auth.field_password')}
        autoComplete="new-password"
        hint={t('auth.field_password_hint', { min: PASSWORD_MIN })}
        registration={register('password')}
        error={errors.password?.message}
        t={t}
      />
      <PasswordField
        id="signup-password-repeat"
        label={t('auth.field_password_repeat')}
        autoComplete="new-password"
        registration={register('password_repeat')}
        error={errors.password_repeat?.message}
        t={t}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('auth.field_kind')}</legend>
        {TRADER_STATUSES.map((status) => (
          <label
            key={status}
            htmlFor={`signup-kind-${status}`}
            className="flex min-h-12 cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-[:checked]:border-primary has-[:checked]:bg-base-200"
          >
            <input id={`signup-kind-${status}`} type="radio" value={status} className="radio radio-primary mt-0.5"
              aria-invalid={kindError ? true : undefined}
              aria-describedby={describedBy('signup-kind', false, Boolean(kindError))}
              {...register('trader_status')}
            />
            <span className="flex flex-col">
              <span className="font-semibold">{t(KIND_KEYS[status][0])}</span>
              <span className="text-sm opacity-80">{t(KIND_KEYS[status][1])}</span>
            </span>
          </label>
        ))}
        <FieldError id="signup-kind" message={kindError} />
      </fieldset>
      <div ref={containerRef} />
      <SubmitButton busy={isSubmitting || isLeaving}>{t('auth.signup_submit')}</SubmitButton>
    </form>
  );
}
