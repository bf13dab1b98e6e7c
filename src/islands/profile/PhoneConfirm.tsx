import { useEffect, useRef, useState } from 'react';
import { PIN_LENGTH } from '~/features/accounts/constants';
import { showSnack } from '~/stores/snackbar';
import { apiPost } from '~/stores/api';
import { FieldError, FieldHint, FieldLabel, FormAlert, fieldAria, useHydrated } from '~/islands/lib/fields';
import { type FormProblem, problemOf } from '~/islands/lib/form-problem';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { $contact } from './contact-store';

interface Props {
  phone: string;
  t: ClientTranslate;
}

type Pending = 'send' | 'check' | null;

/**
 * Confirms the phone in three calls: a PIN by SMS, the PIN checked for a proof token, the token presented
 * to confirm-phone. A new PIN may be asked for after the server's `resend_after` seconds, counted down here.
 */
export default function PhoneConfirm({ phone, t }: Props) {
  // Until React runs, a click would submit the form the browser's way (fields in the URL): wait for it.
  const hydrated = useHydrated();
  const [started, setStarted] = useState(false);
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string>();
  const [failure, setFailure] = useState<{ problem: FormProblem; retry: () => void }>();
  const [pending, setPending] = useState<Pending>(null);
  const [wait, setWait] = useState(0);
  const pinRef = useRef<HTMLInputElement>(null);

  // The PIN field appears once a code is on its way: the user types it next.
  useEffect(() => {
    if (started) pinRef.current?.focus();
  }, [started]);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  async function sendPin() {
    setPending('send');
    setFailure(undefined);
    const result = await apiPost<{ resend_after: number }>('/user/send-phone-pin', { phone });
    setPending(null);
    if (result.ok) {
      setStarted(true);
      setWait(result.data.resend_after);
      showSnack('info', t('profile.status_pin_sent', { phone }));
      return;
    }
    // Too soon: a code was sent a moment ago, so the field to enter it stays useful.
    if (result.status === 429) setStarted(true);
    setFailure({ problem: problemOf(result, t), retry: sendPin });
  }

  async function checkPin() {
    if (!new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin.trim())) {
      setPinError(t('accounts.pin_length'));
      pinRef.current?.focus();
      return;
    }
    setPending('check');
    setPinError(undefined);
    setFailure(undefined);
    const verified = await apiPost<{ phone_token: string }>('/user/verify-phone-pin', { phone, pin: pin.trim() });
    const confirmed = verified.ok
      ? await apiPost('/user/confirm-phone', { phone_token: verified.data.phone_token })
      : verified;
    setPending(null);
    if (confirmed.ok) {
      const current = $contact.get();
      if (current) $contact.set({ ...current, phoneVerified: true });
      showSnack('success', t('profile.status_phone_confirmed'));
      return;
    }
    const pinMessage = confirmed.error.errors?.pin?.[0];
    if (pinMessage) {
      setPinError(pinMessage);
      pinRef.current?.focus();
    } else {
      setFailure({ problem: problemOf(confirmed, t), retry: checkPin });
    }
  }

  if (!started) {
    return (
      <div className="flex flex-col gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm min-h-11 self-start"
          onClick={sendPin}
          disabled={pending !== null}
          aria-busy={pending === 'send'}
        >
          {pending === 'send' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t('profile.status_phone_confirm')}
        </button>
        <FormAlert inline problem={failure?.problem} onRetry={failure?.retry} retryLabel={t('auth.form_retry')} />
      </div>
    );
  }

  return (
    <form
      className="mt-2 flex flex-col gap-3 rounded-box bg-base-200 p-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void checkPin();
      }}
    >
      <div className="flex flex-col gap-1">
        <FieldLabel id="phone-pin" label={t('profile.status_pin_label')} compact />
        <FieldHint id="phone-pin" hint={t('profile.status_pin_hint', { phone })} compact />
        <input
          ref={pinRef}
          id="phone-pin"
          name="pin"
          className={`input input-lg w-40 text-center tracking-[0.5em] ${pinError ? 'input-error' : ''}`}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={PIN_LENGTH}
          value={pin}
          onChange={(event) => {
            // Digits only; the field itself is put right too, as the state may not change (a letter typed).
            const digits = event.target.value.replace(/\D/g, '');
            if (event.target.value !== digits) event.target.value = digits;
            setPin(digits);
          }}
          {...fieldAria('phone-pin', { hint: true, error: pinError })}
        />
        <FieldError id="phone-pin" message={pinError} />
      </div>
      <FormAlert inline problem={failure?.problem} onRetry={failure?.retry} retryLabel={t('auth.form_retry')} />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className="btn btn-primary min-h-11"
          disabled={pending !== null || !hydrated}
          aria-busy={pending === 'check'}
        >
          {pending === 'check' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t('profile.status_pin_check')}
        </button>
        <button
          type="button"
          className="btn btn-ghost min-h-11"
          onClick={sendPin}
          disabled={pending !== null || wait > 0}
          aria-busy={pending === 'send'}
        >
          {pending === 'send' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {wait > 0 ? t('profile.status_pin_resend_in', { count: wait }) : t('profile.status_pin_resend')}
        </button>
      </div>
    </form>
  );
}
