import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import CountBadge, { type CountBadgeVariant } from '~/islands/lib/CountBadge';
import type { Messages } from '~/islands/lib/i18n';
import { $chatUnread, seedChatUnread } from '~/stores/chat-unread';

export interface ChatBadgeProps {
  /** The unread count the page was rendered with. */
  initialCount: number;
  /** The localized address of /chat. */
  href: string;
  /** The dot sits on the account button's other corner than the offers badge's. */
  variant: CountBadgeVariant;
  /** nav.chat, chat.badge (pickMessages). */
  messages: Messages;
}

const KEYS = { name: 'nav.chat', count: 'chat.badge' };
const TEST_IDS = { pill: 'chat-badge', button: 'header-chat' };

/**
 * Unread chat messages, wherever the header shows them (docs/chat.md "Screens"); follows the store, which polls
 * every minute and which an open chat stream sets at once, so every copy on the page changes together.
 */
export default function ChatBadge({ initialCount, ...props }: ChatBadgeProps) {
  const stored = useStore($chatUnread);
  useEffect(() => seedChatUnread(initialCount), [initialCount]);
  return (
    <CountBadge {...props} count={stored ?? initialCount} keys={KEYS} icon="chat" testIds={TEST_IDS} dotSide="left" />
  );
}
