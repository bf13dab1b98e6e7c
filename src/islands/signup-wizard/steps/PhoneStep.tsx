import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { PIN_LENGTH } from '~/features/accounts/constants';
import { PhoneField } from '~/islands/auth/AccountFields';
import { TextField } from '~/islands/lib/fields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { useCountdown } from '~/islands/signup-wizard/use-countdown';
import { useStepFields } from '~/islands/signup-wizard/use-step-fields';
import { type PhoneProof, type WizardValues, fieldId, isPhoneConfirmed } from '~/islands/signup-wizard/wizard-model';

interface PhoneStepProps {
  proof: PhoneProof;
  busy: 'send' | 'verify' | null;
  onSend: () => void;
  onVerify: () => void;
  onSkip: () => void;
  t: ClientTranslate;
  /** A number of the person's country, for the field's hint. */
  phoneExample: string;
}

/** The phone number, confirmed with a 4-digit code by SMS; a new code can be asked for after `resend_after` seconds. */
export default function PhoneStep({ proof, busy, onSend, onVerify, onSkip, t, phoneExample }: PhoneStepProps) {
  const fields = useStepFields();
  const phone = (useWatch<WizardValues, 'phone'>({ name: 'phone' }) ?? '').trim();
  const seconds = useCountdown(proof.resendAt);
  const confirmed = isPhoneConfirmed(phone, proof);
  const codeSent = phone !== '' && proof.sentTo === phone;

  // A new code was sent (the send button is gone): the code field is where the person goes next.
  const shownResendAt = useRef(proof.resendAt);
  useEffect(() => {
    if (proof.resendAt === shownResendAt.current) return;
    shownResendAt.current = proof.resendAt;
    document.getElementById(fieldId('pin'))?.focus();
  }, [proof.resendAt]);

  return (
    <>
      <PhoneField {...fields} t={t} example={phoneExample} />
      {confirmed ? (
        <div className="alert alert-success" role="status">
          <span>{t('signup.phone_confirmed', { phone })}</span>
        </div>
      ) : codeSent ? (
        <div className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
          <p role="status">{t('signup.pin_sent', { phone })}</p>
          <TextField
            id={fieldId('pin')}
            label={t('signup.pin_label')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={PIN_LENGTH}
            className="max-w-40 tracking-[0.5em]"
            registration={fields.register('pin')}
            error={fields.errors.pin?.message}
            onKeyDown={(event) => {
              // Enter in the code field confirms the code rather than leaving the step.
              if (event.key === 'Enter') {
                event.preventDefault();
                onVerify();
              }
            }}
          />
          <div className="flex flex-col gap-2 sm:flex-row">
            <button
              type="button"
              className="btn btn-primary min-h-11"
              onClick={onVerify}
              disabled={busy !== null}
              aria-busy={busy === 'verify' || undefined}
            >
              {busy === 'verify' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t('signup.pin_confirm')}
            </button>
            <button
              type="button"
              className="btn btn-outline min-h-11"
              onClick={onSend}
              disabled={busy !== null || seconds > 0}
              aria-busy={busy === 'send' || undefined}
            >
              {busy === 'send' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {seconds > 0 ? t('signup.pin_resend_in', { count: seconds }) : t('signup.pin_resend')}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-secondary min-h-11 self-start"
          onClick={onSend}
          disabled={busy !== null}
          aria-busy={busy === 'send' || undefined}
        >
          {busy === 'send' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t('signup.pin_send')}
        </button>
      )}
      {!confirmed && (
        <button
          type="button"
          className="btn btn-link min-h-11 self-start px-0"
          onClick={onSkip}
          disabled={busy !== null}
        >
          {t('signup.phone_skip')}
        </button>
      )}
    </>
  );
}
