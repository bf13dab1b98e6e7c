import type { MessageKey } from '~/i18n/t';

/** What the sandbox checkout page says each test number does (docs/payments.md "Sandbox"). */
export const SANDBOX_OUTCOME_LABEL: Record<string, MessageKey> = {
  success: 'sandbox_checkout.outcome_success',
  declined: 'sandbox_checkout.outcome_declined',
  insufficient_funds: 'sandbox_checkout.outcome_insufficient_funds',
  challenge: 'sandbox_checkout.outcome_challenge',
};

/** The three answers of the top-up result page. */
export type TopUpOutcome = 'succeeded' | 'pending' | 'declined';
export const TOP_UP_OUTCOME_LABEL: Record<TopUpOutcome, MessageKey> = {
  succeeded: 'top_up.succeeded',
  pending: 'top_up.pending',
  declined: 'top_up.declined',
};

/** A payment's status as the member reads it: paid, still waiting, or not paid (failed or cancelled). */
export function topUpOutcome(status: string): TopUpOutcome {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'pending' || status === 'action_required') return 'pending';
  return 'declined';
}

/** Why a payment failed, as the provider said (provider.ts FailureReason). */
export const TOP_UP_FAILURE_LABEL: Record<string, MessageKey> = {
  declined: 'top_up.failure_declined',
  insufficient_funds: 'top_up.failure_insufficient_funds',
  cancelled: 'top_up.failure_cancelled',
  timeout: 'top_up.failure_timeout',
  wrong_pin: 'top_up.failure_wrong_pin',
  other: 'top_up.failure_other',
};
