import type { ContactTopic } from '~/features/contact/schema';
import type { MessageKey } from '~/i18n/t';

/** The dictionary key naming a contact topic (the form's list, the mails). */
export const topicLabel = (topic: ContactTopic): MessageKey => `contact.topic_${topic}` as MessageKey;
