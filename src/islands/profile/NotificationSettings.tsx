import { useState } from 'react';
import { showSnack } from '~/stores/snackbar';
import { apiPost } from '~/islands/lib/api';
import { failureText } from '~/islands/lib/form-problem';
import type { MessageKey } from '~/i18n/t';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';

type Flag = 'news_notification' | 'favorite_application_notification' | 'deal_notification' | 'message_notification';

interface Props {
  messages: Messages;
  initial: Record<Flag, boolean>;
}

const FLAGS: { flag: Flag; label: MessageKey; hint: MessageKey }[] = [
  // Offers and deals first: the e-mail that tells a party it is their turn (docs/deals.md "E-mail").
  { flag: 'deal_notification', label: 'cabinet.notify_deals', hint: 'cabinet.notify_deals_hint' },
  // Chat messages left unread for 15 minutes (docs/chat.md "Notices").
  { flag: 'message_notification', label: 'profile.notify_messages', hint: 'profile.notify_messages_hint' },
  { flag: 'news_notification', label: 'profile.notify_news', hint: 'profile.notify_news_hint' },
  {
    flag: 'favorite_application_notification',
    label: 'profile.notify_favorites',
    hint: 'profile.notify_favorites_hint',
  },
];

/** Each switch saves at once (User[flag] through update-main-info); a failure puts the switch back. */
export default function NotificationSettings({ messages, initial }: Props) {
  const t = createClientTranslator(messages);
  const [flags, setFlags] = useState(initial);
  const [saving, setSaving] = useState<Flag | null>(null);

  async function toggle(flag: Flag, value: boolean) {
    setFlags((current) => ({ ...current, [flag]: value }));
    setSaving(flag);
    const result = await apiPost('/user/update-main-info', { User: { [flag]: value } });
    setSaving(null);
    if (result.ok) showSnack('success', t('profile.notify_changed'));
    else {
      setFlags((current) => ({ ...current, [flag]: !value }));
      showSnack('error', failureText(result, t));
    }
  }

  return (
    <ul className="flex flex-col gap-4">
      {FLAGS.map(({ flag, label, hint }) => (
        <li key={flag} className="flex items-start gap-3">
          <input
            id={`notify-${flag}`}
            type="checkbox"
            // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its checked state itself; ARIA in HTML says not to add aria-checked to one.
            role="switch"
            className="toggle toggle-primary mt-1"
            checked={flags[flag]}
            disabled={saving !== null}
            aria-busy={saving === flag}
            aria-describedby={`notify-${flag}-hint`}
            onChange={(event) => void toggle(flag, event.target.checked)}
          />
          <div className="flex flex-col">
            <label htmlFor={`notify-${flag}`} className="cursor-pointer font-medium">
              {t(label)}
            </label>
            <p id={`notify-${flag}-hint`} className="text-sm opacity-75">
              {t(hint)}
            </p>
          </div>
          {saving === flag && <span className="loading loading-spinner loading-sm mt-1" aria-hidden="true" />}
        </li>
      ))}
    </ul>
  );
}
