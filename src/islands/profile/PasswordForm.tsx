import { useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { PASSWORD_MIN } from '~/features/accounts/constants';
import { changePasswordFormSchema, firstPasswordFormSchema } from '~/features/accounts/schemas';
import { showSnack } from '~/stores/snackbar';
import { apiPost } from '~/stores/api';
import { FormAlert, PasswordField, SubmitButton } from '~/islands/lib/fields';
import { zodFormResolver } from '~/islands/lib/forms';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import { useApiSubmit } from '~/islands/lib/use-api-submit';

interface Props {
  messages: Messages;
  /**
   * The account has a password (`password_set`): false for one made on a feature phone, which sets a first one
   * without a current password (from a recent sign-in: docs/auth.md "Phone-only accounts").
   */
  hasPassword: boolean;
}

type Values = { current_password: string; password: string; password_repeat: string };
const FIELDS = ['current_password', 'password', 'password_repeat'] as const;

/**
 * Changes the password with the current one — or sets the first one of an account without a password; the server
 * then ends every other session of the user.
 */
export default function PasswordForm({ messages, hasPassword: initiallySet }: Props) {
  const t = createClientTranslator(messages);
  const [hasPassword, setHasPassword] = useState(initiallySet);
  // The resolver is read when the form is checked: once a first password is set, the current one is asked.
  const isSet = useRef(hasPassword);
  isSet.current = hasPassword;
  const resolvers = {
    change: zodFormResolver(changePasswordFormSchema, t, messages) as unknown as Resolver<Values>,
    first: zodFormResolver(firstPasswordFormSchema, t, messages) as unknown as Resolver<Values>,
  };
  const form = useForm<Values>({
    defaultValues: { current_password: '', password: '', password_repeat: '' },
    resolver: (...args) => (isSet.current ? resolvers.change : resolvers.first)(...args),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const { problem, submit } = useApiSubmit<Values, unknown>(form, {
    fields: FIELDS,
    t,
    send: (values) => apiPost('/user/change-password', values),
    onSuccess: () => {
      form.reset();
      showSnack('success', t(hasPassword ? 'profile.password_changed' : 'profile.password_first_set'), 8000);
      setHasPassword(true);
    },
  });

  const field = (name: (typeof FIELDS)[number]) => ({
    id: `password-${name}`,
    required: true,
    registration: register(name),
    error: errors[name]?.message,
    t,
  });

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
      {!hasPassword && <p className="text-sm">{t('profile.password_first_intro')}</p>}
      <p className="text-sm">{t('profile.password_sessions_note')}</p>
      {hasPassword && (
        <PasswordField
          {...field('current_password')}
          label={t('profile.password_current')}
          autoComplete="current-password"
        />
      )}
      <PasswordField
        {...field('password')}
        label={t('auth.field_new_password')}
        hint={t('auth.field_password_hint', { min: PASSWORD_MIN })}
        autoComplete="new-password"
      />
      <PasswordField
        {...field('password_repeat')}
        label={t('auth.field_password_repeat')}
        autoComplete="new-password"
      />
      <FormAlert inline problem={problem} onRetry={() => void submit()} retryLabel={t('auth.form_retry')} />
      <SubmitButton busy={isSubmitting} className="self-start">
        {t(hasPassword ? 'profile.password_submit' : 'profile.password_first_submit')}
      </SubmitButton>
    </form>
  );
}
