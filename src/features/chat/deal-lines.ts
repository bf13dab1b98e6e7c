/**
 * Deal lines: the system lines a deal's events leave in the room of its two parties (docs/chat.md "Deal lines").
 * The server turns each event of a deal's history into one or two line events (`dealLineEvents`); the room, the
 * room list's preview and anything else that shows a line reads its text with `dealLineKey`, in the reader's
 * language. Pure: shared by the server, the pages and the islands.
 */
import { OFFER_STATUS, OFFER_TYPE, type DealEventAction } from '~/features/deals/constants';
import type { MessageKey } from '~/i18n/t';

/** What a line tells (`system.event` of a message item). */
export const DEAL_LINE_EVENTS = [
  'create',
  'direct-buy',
  'booking',
  'approve-offer',
  'decline-offer',
  'lot-closed',
  'sold-out',
  'delete-offer',
  'delivery-send',
  'delivery-get',
  'machine-handed-over',
  'machine-received',
  'payment-send',
  'payment-get',
  'approve-direct-payment',
  'done',
  'feedback',
  'open-dispute',
  'resolve-dispute',
  'auto-release',
] as const;
export type DealLineEvent = (typeof DEAL_LINE_EVENTS)[number];

const LINE_MESSAGE: Record<DealLineEvent, MessageKey> = {
  create: 'chat.deal_line.create',
  'direct-buy': 'chat.deal_line.direct_buy',
  booking: 'chat.deal_line.booking',
  'approve-offer': 'chat.deal_line.approve_offer',
  'decline-offer': 'chat.deal_line.decline_offer',
  'lot-closed': 'chat.deal_line.lot_closed',
  'sold-out': 'chat.deal_line.sold_out',
  'delete-offer': 'chat.deal_line.delete_offer',
  'delivery-send': 'chat.deal_line.delivery_send',
  'delivery-get': 'chat.deal_line.delivery_get',
  'machine-handed-over': 'chat.deal_line.machine_handed_over',
  'machine-received': 'chat.deal_line.machine_received',
  'payment-send': 'chat.deal_line.payment_send',
  'payment-get': 'chat.deal_line.payment_get',
  'approve-direct-payment': 'chat.deal_line.approve_direct_payment',
  done: 'chat.deal_line.done',
  feedback: 'chat.deal_line.feedback',
  'open-dispute': 'chat.deal_line.open_dispute',
  'resolve-dispute': 'chat.deal_line.resolve_dispute',
  'auto-release': 'chat.deal_line.auto_release',
};

/** The label of a line's link to its deal. */
export const DEAL_LINE_LINK: MessageKey = 'chat.deal_line.open';

export const isDealLineEvent = (value: unknown): value is DealLineEvent =>
  typeof value === 'string' && (DEAL_LINE_EVENTS as readonly string[]).includes(value);

/**
 * The message key of a line's text. An event this version does not know (a line written by a newer one) reads
 * as the generic "the deal was updated".
 */
export function dealLineKey(event: string): MessageKey {
  return isDealLineEvent(event) ? LINE_MESSAGE[event] : 'chat.deal_line.updated';
}

/**
 * The lines one event of a deal's history leaves: the step in the words of its kind of deal (a booking hands a
 * machine over, a sale sends goods; a direct buy is approved at once; a lot leaving the market declines in its
 * own words), then "done" when the step finished the deal.
 */
export function dealLineEvents(
  action: DealEventAction,
  offer: { status: number; offerType: number },
  data?: Record<string, unknown> | null,
): DealLineEvent[] {
  const booking = offer.offerType === OFFER_TYPE.rent;
  let line: DealLineEvent;
  if (action === 'create')
    line = offer.status === OFFER_STATUS.approved ? 'direct-buy' : booking ? 'booking' : 'create';
  else if (action === 'decline-offer')
    line = data?.reason === 'lot_closed' ? 'lot-closed' : data?.reason === 'sold_out' ? 'sold-out' : 'decline-offer';
  else if (booking && action === 'delivery-send') line = 'machine-handed-over';
  else if (booking && action === 'delivery-get') line = 'machine-received';
  else line = action;
  const finished = action !== 'feedback' && action !== 'create' && offer.status === OFFER_STATUS.done;
  return finished ? [line, 'done'] : [line];
}
