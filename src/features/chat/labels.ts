import type { MessageKey } from '~/i18n/t';
import type { ChatWarning } from './safety';

/** The warning beside a risky message, in the reader's words (src/features/chat/safety.ts). */
export const CHAT_WARNING_LABEL: Record<ChatWarning, MessageKey> = {
  phone_number: 'chat.warning_phone_number',
  outside_payment: 'chat.warning_outside_payment',
};
