import type { MessageKey } from '~/i18n/t';

/**
 * Dictionary keys the islands' form kit (src/islands/lib/fields.tsx) shows in every form: the password field's
 * show and hide, and the alerts for a lost connection and a retry. A page passes them to messagesFor with the
 * island's own keys.
 */
export const FORM_MESSAGE_KEYS: MessageKey[] = [
  'auth.form_show_password',
  'auth.form_hide_password',
  'auth.form_offline',
  'auth.form_retry',
];
