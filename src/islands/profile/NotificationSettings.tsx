import { useEffect, useState } from 'react';
import type { ArticleCategory } from '~/features/articles/constants';
import { showSnack } from '~/stores/snackbar';
import { apiPost } from '~/stores/api';
import { failureText } from '~/islands/lib/form-problem';
import type { MessageKey } from '~/i18n/t';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';

type Flag =
  | 'news_notification'
  | 'favorite_application_notification'
  | 'deal_notification'
  | 'sms_notification'
  | 'message_notification'
  | 'contact_by_phone';

interface Props {
  messages: Messages;
  initial: Record<Flag, boolean>;
  /** Where the form posts without JavaScript (the profile page) and its form token. */
  form: { action: string; token: string };
  /** A line under a switch that its state alone does not say (notices by SMS stopped by STOP). */
  notes?: Partial<Record<Flag, string>>;
  /** Why the last plain post was refused. */
  problem?: string;
  /** The last plain post was saved. */
  saved?: boolean;
  /** The article categories one may follow, with their names, and those followed (docs/articles.md "News e-mails"). */
  categories: { id: ArticleCategory; label: string }[];
  newsCategories: ArticleCategory[];
}

const FLAGS: { flag: Flag; label: MessageKey; hint: MessageKey }[] = [
  // Offers and deals first: the e-mail that tells a party it is their turn (docs/deals.md "E-mail").
  { flag: 'deal_notification', label: 'cabinet.notify_deals', hint: 'cabinet.notify_deals_hint' },
  // The same notices, and money held and released, by SMS to the confirmed phone (docs/feature-phones.md "Notices").
  { flag: 'sms_notification', label: 'profile.notify_sms', hint: 'profile.notify_sms_hint' },
  // Chat messages left unread for 15 minutes (docs/chat.md "Notices").
  { flag: 'message_notification', label: 'profile.notify_messages', hint: 'profile.notify_messages_hint' },
  { flag: 'news_notification', label: 'profile.notify_news', hint: 'profile.notify_news_hint' },
  {
    flag: 'favorite_application_notification',
    label: 'profile.notify_favorites',
    hint: 'profile.notify_favorites_hint',
  },
  // Not an e-mail but who may reach the member: off by default (docs/lots.md "Share and call").
  { flag: 'contact_by_phone', label: 'profile.contact_by_phone', hint: 'profile.contact_by_phone_hint' },
];

/**
 * A plain form (each switch `User[flag]=1`, the news categories `User[news_categories][]`) that posts to the
 * profile page without JavaScript; once hydrated, each change saves at once through update-main-info instead, the
 * button goes, and a failure puts the change back.
 */
export default function NotificationSettings({
  messages,
  initial,
  notes = {},
  form,
  problem,
  saved,
  categories,
  newsCategories,
}: Props) {
  const t = createClientTranslator(messages);
  const [flags, setFlags] = useState(initial);
  const [followed, setFollowed] = useState<ArticleCategory[]>(newsCategories);
  const [saving, setSaving] = useState<Flag | 'news_categories' | null>(null);
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

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

  async function follow(category: ArticleCategory, on: boolean) {
    const before = followed;
    const next = categories.map((c) => c.id).filter((id) => (id === category ? on : before.includes(id)));
    setFollowed(next);
    setSaving('news_categories');
    const result = await apiPost('/user/update-main-info', { User: { news_categories: next } });
    setSaving(null);
    if (result.ok) showSnack('success', t('profile.notify_changed'));
    else {
      setFollowed(before);
      showSnack('error', failureText(result, t));
    }
  }

  return (
    <form method="post" action={form.action} className="flex flex-col gap-4">
      <input type="hidden" name="form_token" value={form.token} />
      {problem && (
        <p role="alert" className="alert alert-error">
          {problem}
        </p>
      )}
      {saved && !live && (
        <p role="status" className="alert alert-success">
          {t('profile.notify_changed')}
        </p>
      )}
      <ul className="flex flex-col gap-4">
        {FLAGS.map(({ flag, label, hint }) => (
          <li key={flag} className="flex items-start gap-3">
            <input
              id={`notify-${flag}`}
              type="checkbox"
              name={`User[${flag}]`}
              value="1"
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
              {notes[flag] && <p className="text-sm font-medium text-warning-content">{notes[flag]}</p>}
              {flag === 'news_notification' && (
                <fieldset className="mt-2 flex flex-col gap-1" aria-busy={saving === 'news_categories'}>
                  <legend className="text-sm font-medium">{t('profile.notify_news_categories')}</legend>
                  {/* A blank value first: with no box ticked the post still says "no category". */}
                  <input type="hidden" name="User[news_categories][]" value="" />
                  {categories.map((category) => (
                    <label key={category.id} className="flex cursor-pointer items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name="User[news_categories][]"
                        value={category.id}
                        className="checkbox checkbox-sm"
                        checked={followed.includes(category.id)}
                        disabled={saving !== null}
                        onChange={(event) => void follow(category.id, event.target.checked)}
                      />
                      {category.label}
                    </label>
                  ))}
                </fieldset>
              )}
            </div>
            {saving === flag && <span className="loading loading-spinner loading-sm mt-1" aria-hidden="true" />}
          </li>
        ))}
      </ul>
      {!live && (
        <button type="submit" className="btn btn-primary self-start">
          {t('profile.notify_save')}
        </button>
      )}
    </form>
  );
}
