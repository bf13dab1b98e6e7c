import type { OfferAction } from '~/features/deals/constants';
import type { MessageKey } from '~/i18n/t';

/**
 * What a refused deal step means for the user, read from the error's stable `reason` (the API's message key,
 * e.g. `offers.dates_taken`), never from its translated text.
 */

/** The deal moved on since the page was drawn (the other party acted, another tab): a reload shows where it stands. */
export const STALE_STATE: MessageKey[] = [
  'offers.wrong_state',
  'offers.not_sent',
  'offers.not_direct_payment',
  'offers.not_your_turn',
  'offers.lot_not_open',
  'offers.paid_online',
  'offers.not_paid',
];

/**
 * An approval that nothing can mend any more — the machine was booked for these dates meanwhile, the first day
 * has passed, the lot no longer holds the volume: reloading changes nothing, declining is all that is left.
 */
export const CANNOT_APPROVE: MessageKey[] = ['offers.dates_taken', 'offers.date_past', 'offers.volume_exceeded'];

export type Refusal = 'stale' | 'only-decline' | 'other';

export function classifyRefusal(action: OfferAction, status: number, reason: string | undefined): Refusal {
  if ((status !== 409 && status !== 403) || !reason) return 'other';
  if (action === 'approve-offer' && (CANNOT_APPROVE as string[]).includes(reason)) return 'only-decline';
  return (STALE_STATE as string[]).includes(reason) ? 'stale' : 'other';
}
