import type { ContactTopic } from '~/features/contact/schema';
import type { MessageKey } from '~/i18n/t';

const TOPIC_LABELS: Record<ContactTopic, MessageKey> = {
  general: 'contact.topic_general',
  account: 'contact.topic_account',
  lots_and_deals: 'contact.topic_lots_and_deals',
  payments_and_wallet: 'contact.topic_payments_and_wallet',
  companies_and_verification: 'contact.topic_companies_and_verification',
  technical: 'contact.topic_technical',
  other: 'contact.topic_other',
};

/** The dictionary key naming a contact topic (the form's list, the mails). */
export const topicLabel = (topic: ContactTopic): MessageKey => TOPIC_LABELS[topic];
