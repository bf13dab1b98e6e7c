import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { pluralKey } from '~/i18n/plural';
import Icon from '~/islands/lib/Icon';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import { $chatUnread, seedChatUnread } from '~/stores/chat-unread';

export interface ChatBadgeProps {
  /** The unread count the page was rendered with. */
  initialCount: number;
  /** The localized address of /chat. */
  href: string;
  /**
   * `icon`: the header's chat button (from the small-tablet width up). `count`: the number inside a "Chat" menu
   * line (drawer, account menu). `dot`: the number on the account button of a phone's header, where there is no
   * room for the chat button (the offers badge sits on its other corner).
   */
  variant: 'icon' | 'count' | 'dot';
  intlLocale: string;
  /** nav.chat, chat.badge_one, chat.badge_other. */
  messages: Messages;
}

const MAX_SHOWN = 99;

/**
 * Unread chat messages, wherever the header shows them (docs/chat.md "Screens"). Rendered on the server with the
 * page's count (right without JavaScript); once hydrated it follows the store, which polls every minute and
 * which an open chat stream sets at once, so every copy on the page changes together.
 */
export default function ChatBadge({ initialCount, href, variant, intlLocale, messages }: ChatBadgeProps) {
  const t = createClientTranslator(messages);
  const stored = useStore($chatUnread);
  useEffect(() => seedChatUnread(initialCount), [initialCount]);

  const count = stored ?? initialCount;
  const numbers = new Intl.NumberFormat(intlLocale);
  const shown = count > MAX_SHOWN ? `${numbers.format(MAX_SHOWN)}+` : numbers.format(count);
  const unread = t(pluralKey(count, intlLocale, { one: 'chat.badge_one', other: 'chat.badge_other' }), {
    count: shown,
  });
  const name = t('nav.chat');
  const pill = (className: string) => (
    <span
      className={`badge badge-sm badge-error min-w-5 px-1 font-semibold ${className}`}
      aria-hidden="true"
      data-testid="chat-badge"
    >
      {shown}
    </span>
  );

  if (variant === 'icon') {
    return (
      <a
        href={href}
        className="btn btn-square btn-ghost relative hidden sm:inline-flex"
        aria-label={count > 0 ? `${name} (${unread})` : name}
        title={count > 0 ? unread : name}
        data-testid="header-chat"
      >
        <Icon name="chat" className="h-6 w-6" />
        {count > 0 && pill('absolute -right-0.5 -top-0.5')}
      </a>
    );
  }
  if (count === 0) return null;
  if (variant === 'dot') {
    return (
      <>
        {pill('absolute -bottom-2 -left-2.5 sm:hidden')}
        <span className="sr-only sm:hidden">({unread})</span>
      </>
    );
  }
  return (
    <>
      {pill('')}
      <span className="sr-only">({unread})</span>
    </>
  );
}
