import type { LotStatus } from './constants';

/**
 * What a lot's owner may do with it, in one place: the services enforce it (setLotStatus reads
 * STATUS_CHANGES; the deal guard refuses changes to a lot in a deal) and the lot page and My lots show only
 * these buttons, so no button leads to a refusal.
 */
export type OwnerAction =
  'edit' | 'deactivate-quote' | 'activate-quote' | 'close-quote' | 're-add-quote' | 'delete-quote';
export type StatusAction = 'deactivate-quote' | 'activate-quote' | 'close-quote';

/** The status each status action sets, and the statuses it may start from. */
export const STATUS_CHANGES: Record<
  StatusAction,
  { to: 'not_active' | 'active' | 'closed'; from: readonly LotStatus[] }
> = {
  'deactivate-quote': { to: 'not_active', from: ['active'] },
  'activate-quote': { to: 'active', from: ['not_active'] },
  'close-quote': { to: 'closed', from: ['active', 'not_active', 'in_process'] },
};

export interface OwnedLotState {
  status: LotStatus;
  /** An approved offer or booking not yet done (docs/deals.md): the lot keeps its terms. */
  hasRunningDeal: boolean;
  /** Any offer was ever made on it: its history keeps the lot, which can be closed but not deleted. */
  hasOffers: boolean;
  /** Volume not held by deals (re-adding a closed lot offers only that). */
  hasVolumeLeft: boolean;
  /** A machine for rent: a copy would take bookings on dates its running booking holds. */
  isRental: boolean;
}

/**
 * A lot is in a deal exactly while one of its approved offers or bookings is under way (status 3, not done):
 * that deal relies on the lot as it was, so the lot keeps its terms. Only the deals decide it, never the lot's
 * stored status: when the last deal is done the lot is free again (docs/deals.md "Volume and the lot's status").
 */
export const isInDeal = (lot: Pick<OwnedLotState, 'hasRunningDeal'>) => lot.hasRunningDeal;

/** Sold out: its deals took everything, so there is nothing left to edit, re-price, close or re-add. */
export const isSoldOut = (lot: Pick<OwnedLotState, 'status'>) => lot.status === 'success';

/** Whether the owner may change the lot's terms (edit it, give it a new price): not in a deal, not sold out. */
export const mayChangeTerms = (lot: Pick<OwnedLotState, 'status' | 'hasRunningDeal'>) =>
  !isInDeal(lot) && !isSoldOut(lot);

export function ownerLotActions(lot: OwnedLotState): OwnerAction[] {
  const inDeal = isInDeal(lot);
  const actions: OwnerAction[] = [];
  if (mayChangeTerms(lot)) actions.push('edit');
  for (const [action, change] of Object.entries(STATUS_CHANGES) as [
    StatusAction,
    (typeof STATUS_CHANGES)[StatusAction],
  ][]) {
    // Hiding a lot in a deal would hide what its partners rely on; closing only stops new offers.
    if (change.from.includes(lot.status) && !(action === 'deactivate-quote' && inDeal)) actions.push(action);
  }
  if (lot.status === 'closed' && lot.hasVolumeLeft && !(lot.isRental && inDeal)) actions.push('re-add-quote');
  if (!inDeal && !lot.hasOffers) actions.push('delete-quote');
  return actions;
}
