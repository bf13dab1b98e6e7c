import { type Resolver, useForm } from 'react-hook-form';
import { PASSWORD_MIN } from '~/features/accounts/constants';
import { changePasswordSchema } from '~/features/accounts/schemas';
import { showSnack } from '~/stores/snackbar';
import { apiPost } from '~/stores/api';
import { FormAlert, PasswordField, SubmitButton } from '~/islands/lib/fields';
import { zodFormResolver } from '~/islands/lib/forms';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import { useApiSubmit } from '~/islands/lib/use-api-submit';

interface Props {
  messages: Messages;
}

type Values = { current_password: string; password: string; password_repeat: string };
const FIELDS = ['current_password', 'password', 'password_repeat'] as const;

/** Changes the password with the current one; the server then ends every other session of the user. */
export default function PasswordForm({ messages }: Props) {
  const t = createClientTranslator(messages);
  const form = useForm<Values>({
    defaultValues: { current_password: '', password: '', password_repeat: '' },
    resolver: zodFormResolver(changePasswordSchema, t, messages) as unknown as Resolver<Values>,
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
      showSnack('success', t('profile.password_changed'), 8000);
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
      <p className="text-sm">{t('profile.password_sessions_note')}</p>
      <PasswordField
        {...field('current_password')}
        label={t('profile.password_current')}
        autoComplete="current-password"
      />
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
        {t('profile.password_submit')}
      </SubmitButton>
    </form>
  );
}
