import { type Dispatch, type SetStateAction, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { verifyPinSchema } from '~/features/accounts/schemas';
import { issueToMessage } from '~/features/validation/messages';
import { apiPost } from '~/stores/api';
import { type FormProblem, problemOf } from '~/islands/lib/form-problem';
import { applyServerErrors } from '~/islands/lib/forms';
import type { ClientTranslate, Messages } from '~/islands/lib/i18n';
import { type PhoneProof, type WizardValues, fieldId } from './wizard-model';

interface Options {
  form: UseFormReturn<WizardValues>;
  setProof: Dispatch<SetStateAction<PhoneProof>>;
  t: ClientTranslate;
  messages: Messages;
  /** Shows a problem no field explains; `retry` is offered when the network failed. */
  report: (problem: FormProblem, retry?: () => void) => void;
}

const focus = (name: string) => window.setTimeout(() => document.getElementById(fieldId(name))?.focus(), 0);

/**
 * The phone's PIN round (docs/auth.md): send a 4-digit code by SMS, then check it for a `phone_token` that
 * sign-up presents. Both answer true when they succeeded.
 */
export function usePhonePin({ form, setProof, t, messages, report }: Options) {
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);

  async function send(): Promise<boolean> {
    if (!(await form.trigger('phone'))) {
      focus('phone');
      return false;
    }
    const phone = form.getValues('phone').trim();
    setBusy('send');
    const result = await apiPost<{ resend_after: number }>('/user/send-phone-pin', { phone });
    setBusy(null);
    if (result.ok) {
      setProof((proof) => ({ ...proof, sentTo: phone, resendAt: Date.now() + result.data.resend_after * 1000 }));
      form.setValue('pin', '');
      form.clearErrors(['phone', 'pin']);
      return true;
    }
    if (result.status === 0) report(problemOf(result, t), send);
    else {
      const unplaced = applyServerErrors(result.error, form.setError, ['phone']);
      if (result.error.errors?.phone) focus('phone');
      if (unplaced.length > 0) report({ message: unplaced.join(' ') });
    }
    return false;
  }

  async function verify(): Promise<boolean> {
    const phone = form.getValues('phone').trim();
    const pin = form.getValues('pin').trim();
    const checked = verifyPinSchema.safeParse({ phone, pin }, { reportInput: true });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const name = issue.path[0] === 'phone' ? 'phone' : 'pin';
      const { key, vars } = issueToMessage(issue, (k) => k in messages);
      form.setError(name, { type: 'validate', message: t(key, vars) });
      focus(name);
      return false;
    }
    setBusy('verify');
    const result = await apiPost<{ phone_token: string }>('/user/verify-phone-pin', { phone, pin });
    setBusy(null);
    if (result.ok) {
      setProof((proof) => ({ ...proof, verifiedPhone: phone, token: result.data.phone_token, verifiedAt: Date.now() }));
      form.clearErrors(['phone', 'pin']);
      return true;
    }
    if (result.status === 0) report(problemOf(result, t), verify);
    else {
      // A wrong code answers 422 with the field `pin`: 'The code is incorrect.'
      const unplaced = applyServerErrors(result.error, form.setError, ['phone', 'pin']);
      if (result.error.errors?.pin || result.error.errors?.phone) focus(result.error.errors?.pin ? 'pin' : 'phone');
      if (unplaced.length > 0) report({ message: unplaced.join(' ') });
    }
    return false;
  }

  return { send, verify, busy };
}
