import type { MessageKey } from '~/i18n/t';
import type { ChatWarning } from './safety';

/** The warning beside a risky message, in the reader's words (src/features/chat/safety.ts). */
export const CHAT_WARNING_LABEL: Record<ChatWarning, MessageKey> = {
  phone_number: 'chat.warning_phone_number',
  outside_payment: 'chat.warning_outside_payment',
};

/**
 * A deal event's system line (docs/chat.md "Deal lines"), by the deal step's action; a step not named here reads
 * "Deal #N changed". Each names the deal ({{id}}).
 */
export const CHAT_SYSTEM_LABEL: Record<string, MessageKey> = {
  create: 'chat.system_create',
  'approve-offer': 'chat.system_approve_offer',
  'decline-offer': 'chat.system_decline_offer',
  'delete-offer': 'chat.system_delete_offer',
  'delivery-send': 'chat.system_delivery_send',
  'delivery-get': 'chat.system_delivery_get',
  'payment-send': 'chat.system_payment_send',
  'payment-get': 'chat.system_payment_get',
  'approve-direct-payment': 'chat.system_approve_direct_payment',
  feedback: 'chat.system_feedback',
};
export const CHAT_SYSTEM_OTHER: MessageKey = 'chat.system_other';
