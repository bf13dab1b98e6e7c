import { useStore } from '@nanostores/react';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { groupByDay } from '~/features/chat/day-groups';
import type { ChatMessageView, ChatStreamMessage } from '~/features/chat/items';
import { CHAT_PHOTO_MAX_BYTES, CHAT_TEXT_MAX } from '~/features/chat/safety';
import { apiGet, apiPost } from '~/stores/api';
import Icon from '~/islands/lib/Icon';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import {
  $chatOutbox,
  $chatOutboxState,
  newClientId,
  onChatMessageSent,
  queueChatMessage,
  removeChatMessage,
  sendChatOutbox,
  startChatOutbox,
} from '~/stores/chat-outbox';
import { setChatUnread } from '~/stores/chat-unread';
import ChatMessageList, { type PendingView } from './ChatMessageList';

export interface ChatRoomProps {
  userId: number;
  roomKey: string;
  otherName: string;
  /** Messages the page was rendered with, oldest first. */
  initialMessages: ChatMessageView[];
  hasMore: boolean;
  otherLastReadMessageId: number;
  /** Either member blocked the other: no box, the page says why. */
  blocked: boolean;
  /**
   * The plain form the box is without JavaScript: where it posts, its double-submit token and a client id made for
   * this form (the same form sent twice stores one message).
   */
  form: { action: string; token: string; clientId: string };
  /** What the plain form was sent back with (a refused post), shown again. */
  formProblem?: string;
  formText?: string;
  intlLocale: string;
  /** The page language's path prefix ('' for English, '/sw', '/fr'): deal links are unprefixed. */
  pathPrefix: string;
  /** The zone the server wrote times in; the browser's own once the island runs. */
  serverTimeZone: string;
  /** Seconds since the epoch when the page was rendered (for "today" before the island runs). */
  renderedAt: number;
  messages: Messages;
}

interface RoomMessagesAnswer {
  room: { other_last_read_message_id: number; blocked: { by_me: boolean; by_other: boolean } };
  items: ChatMessageView[];
  has_more: boolean;
}

/** Merges messages by id (a newer copy wins: a deletion), oldest first. */
function merge(list: ChatMessageView[], more: ChatMessageView[]): ChatMessageView[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The open room (docs/chat.md "Screens"). Server-rendered with the room's newest messages and a plain form, which
 * works without JavaScript; once hydrated it opens the chat stream (new messages live, "seen" marks, deletions,
 * blocks), marks what is on screen read, and sends through the outbox (src/stores/chat-outbox.ts) with a client id,
 * so a message typed without a connection waits on the phone and goes when the connection comes back.
 */
export default function ChatRoom(props: ChatRoomProps) {
  const { userId, roomKey, form, intlLocale, messages: dictionary } = props;
  const t = useMemo(() => createClientTranslator(dictionary), [dictionary]);
  const [items, setItems] = useState(props.initialMessages);
  const [hasMore, setHasMore] = useState(props.hasMore);
  const [otherRead, setOtherRead] = useState(props.otherLastReadMessageId);
  const [blocked, setBlocked] = useState(props.blocked);
  const [text, setText] = useState(props.formText ?? '');
  const [photo, setPhoto] = useState<{ file: File; preview: string } | null>(null);
  const [problem, setProblem] = useState(props.formProblem ?? '');
  const [sendingPhoto, setSendingPhoto] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [timeZone, setTimeZone] = useState<string | undefined>(props.serverTimeZone);
  const [now, setNow] = useState(props.renderedAt);
  const [live, setLive] = useState<'connecting' | 'open' | 'down'>('connecting');
  const outbox = useStore($chatOutbox);
  const outboxState = useStore($chatOutboxState);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const bottomRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const photoRef = useRef<HTMLInputElement>(null);
  // The page marked what it was rendered with read (src/server/loaders/chat.ts).
  const markedRef = useRef(props.initialMessages.at(-1)?.id ?? 0);
  const atBottomRef = useRef(true);

  // After hydration: the reader's own zone and clock, and the newest message in view.
  useEffect(() => {
    setHydrated(true);
    setTimeZone(undefined);
    setNow(Math.floor(Date.now() / 1000));
    const timer = window.setInterval(() => setNow(Math.floor(Date.now() / 1000)), 60_000);
    bottomRef.current?.scrollIntoView({ block: 'end' });
    return () => window.clearInterval(timer);
  }, []);

  const add = useCallback(
    (more: ChatMessageView[]) => {
      const mine = more.filter((m) => m.room_unique_key === roomKey);
      if (mine.length > 0) setItems((list) => merge(list, mine));
    },
    [roomKey],
  );

  /** Catches up on what the stream may have missed (before it opened, while it was down). */
  const catchUp = useCallback(async () => {
    const after = itemsRef.current.at(-1)?.id ?? 0;
    const result = await apiGet<RoomMessagesAnswer>(
      `/chat/room-messages?room_unique_key=${encodeURIComponent(roomKey)}&after=${after}&limit=100`,
    );
    if (!result.ok) return;
    add(result.data.items);
    setOtherRead(result.data.room.other_last_read_message_id);
    setBlocked(result.data.room.blocked.by_me || result.data.room.blocked.by_other);
  }, [add, roomKey]);

  // The outbox: sent messages appear at once (the stream brings them too; merged by id).
  useEffect(() => {
    const stopSending = startChatOutbox(userId);
    const stopListening = onChatMessageSent((message) => add([message]));
    return () => {
      stopSending();
      stopListening();
    };
  }, [add, userId]);

  // The stream: every event of the member's rooms; this room's are shown, the unread total goes to the badge.
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api-v2/chat/stream');
    const data = <T,>(event: Event): T | undefined => {
      try {
        return JSON.parse((event as MessageEvent<string>).data) as T;
      } catch {
        return undefined;
      }
    };
    source.addEventListener('open', () => {
      setLive('open');
      void catchUp();
      void sendChatOutbox(userId);
    });
    source.addEventListener('error', () => setLive(source.readyState === EventSource.CLOSED ? 'down' : 'connecting'));
    source.addEventListener('message', (event) => {
      const message = data<ChatStreamMessage>(event);
      if (!message) return;
      if (typeof message.total_unread === 'number') setChatUnread(message.total_unread);
      const { unread_count: _unread, total_unread: _total, ...item } = message;
      add([item]);
    });
    source.addEventListener('deleted', (event) => {
      const deleted = data<{ room_unique_key: string; message_id: number }>(event);
      if (deleted?.room_unique_key !== roomKey) return;
      setItems((list) =>
        list.map((m) =>
          m.id === deleted.message_id ? { ...m, deleted: true, text: null, photo: null, warnings: [] } : m,
        ),
      );
    });
    source.addEventListener('read', (event) => {
      const read = data<{ room_unique_key: string; reader_id: number; last_read_message_id: number }>(event);
      if (read?.room_unique_key === roomKey && read.reader_id !== userId)
        setOtherRead((seen) => Math.max(seen, read.last_read_message_id));
    });
    source.addEventListener('unread', (event) => {
      const unread = data<{ total_unread: number }>(event);
      if (unread) setChatUnread(unread.total_unread);
    });
    source.addEventListener('blocked', () => void catchUp());
    source.addEventListener('reset', () => void catchUp());
    return () => source.close();
  }, [add, catchUp, roomKey, userId]);

  // Read when seen: the newest message is on screen and the tab is visible.
  const markRead = useCallback(async () => {
    const newestOther = [...itemsRef.current].reverse().find((m) => !m.mine && m.kind === 'text');
    if (!newestOther || newestOther.id <= markedRef.current) return;
    if (document.hidden || !atBottomRef.current) return;
    markedRef.current = newestOther.id;
    const result = await apiPost<{ unread_count: number; total_unread: number }>('/chat/mark-read', {
      room_unique_key: roomKey,
      message_id: newestOther.id,
    });
    if (result.ok) setChatUnread(result.data.total_unread);
    else markedRef.current = 0;
  }, [roomKey]);

  useEffect(() => {
    const bottom = bottomRef.current;
    if (!bottom || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      atBottomRef.current = entry.isIntersecting;
      if (entry.isIntersecting) void markRead();
    });
    observer.observe(bottom);
    const onVisible = () => void markRead();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [markRead]);

  // A new message: follow it when the reader was at the bottom, and mark it read.
  const lastId = items.at(-1)?.id ?? 0;
  useEffect(() => {
    if (!hydrated || lastId === 0) return;
    if (atBottomRef.current) bottomRef.current?.scrollIntoView({ block: 'end' });
    void markRead();
  }, [hydrated, lastId, markRead]);

  async function loadOlder() {
    const first = items[0]?.id;
    if (!first) return;
    setLoadingOlder(true);
    const result = await apiGet<RoomMessagesAnswer>(
      `/chat/room-messages?room_unique_key=${encodeURIComponent(roomKey)}&before=${first}`,
    );
    setLoadingOlder(false);
    if (!result.ok) {
      setProblem(result.status === 0 ? t('chat.offline') : result.error.message);
      return;
    }
    setItems((list) => merge(list, result.data.items));
    setHasMore(result.data.has_more);
  }

  function choosePhoto(file: File | undefined) {
    setProblem('');
    if (photo) URL.revokeObjectURL(photo.preview);
    if (!file) {
      setPhoto(null);
      return;
    }
    if (!file.type.startsWith('image/')) {
      setProblem(t('chat.photo_not_image'));
      setPhoto(null);
      if (photoRef.current) photoRef.current.value = '';
      return;
    }
    if (file.size > CHAT_PHOTO_MAX_BYTES) {
      setProblem(t('chat.photo_too_big'));
      setPhoto(null);
      if (photoRef.current) photoRef.current.value = '';
      return;
    }
    setPhoto({ file, preview: URL.createObjectURL(file) });
  }

  async function sendPhoto(body: string) {
    if (!photo) return;
    setSendingPhoto(true);
    const result = await apiPost<ChatMessageView>('/chat/post-message', {
      ChatRoomMessage: { room_unique_key: roomKey, text: body, client_id: newClientId() },
      photo: photo.file,
    });
    setSendingPhoto(false);
    if (!result.ok) {
      // The photo and the words stay in the box to send again.
      setProblem(result.status === 0 ? t('chat.photo_offline') : result.error.message);
      return;
    }
    add([result.data]);
    URL.revokeObjectURL(photo.preview);
    setPhoto(null);
    setText('');
    if (photoRef.current) photoRef.current.value = '';
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = text.trim();
    setProblem('');
    if (photo) {
      void sendPhoto(body);
      return;
    }
    if (!body) {
      setProblem(t('chat.write_something'));
      textRef.current?.focus();
      return;
    }
    queueChatMessage({ clientId: newClientId(), roomKey, text: body, userId });
    setText('');
    atBottomRef.current = true;
    void sendChatOutbox(userId);
    textRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Ctrl/⌘+Enter sends; Enter alone starts a new line (a phone's keyboard has no other way to).
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  async function deleteMessage(id: number) {
    const result = await apiPost<ChatMessageView>('/chat/delete-message', { message_id: id });
    if (result.ok) add([result.data]);
    else setProblem(result.status === 0 ? t('chat.offline') : result.error.message);
  }

  const pending: PendingView[] = outbox
    .filter((q) => q.roomKey === roomKey && q.userId === userId && !items.some((m) => m.client_id === q.clientId))
    .map((q) => ({
      clientId: q.clientId,
      text: q.text,
      createdAt: Math.floor(Date.parse(q.createdAt) / 1000),
      state: q.rejected ? 'rejected' : outboxState === 'offline' ? 'waiting' : 'sending',
      reason: q.rejected ?? q.problem,
    }));

  const groups = groupByDay(items, intlLocale, timeZone, now);

  return (
    <div className="flex flex-col gap-3" data-chat-room={roomKey}>
      {hasMore && (
        <div className="flex justify-center">
          {hydrated ? (
            <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={loadOlder} disabled={loadingOlder}>
              {loadingOlder && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t('chat.older')}
            </button>
          ) : (
            <p className="text-sm opacity-80">{t('chat.older_needs_script')}</p>
          )}
        </div>
      )}
      <ChatMessageList
        groups={groups}
        pending={pending}
        otherLastReadMessageId={otherRead}
        otherName={props.otherName}
        intlLocale={intlLocale}
        pathPrefix={props.pathPrefix}
        timeZone={timeZone}
        t={t}
        canDelete={hydrated}
        onDelete={deleteMessage}
        onRemovePending={removeChatMessage}
      />
      <div ref={bottomRef} id="latest" className="h-px" />
      {hydrated && live !== 'open' && (
        <p className="text-center text-sm opacity-80" role="status" data-testid="chat-live-state">
          {t(live === 'down' ? 'chat.live_down' : 'chat.live_connecting')}
        </p>
      )}
      {!blocked && (
        <form
          method="post"
          action={form.action}
          onSubmit={submit}
          className="sticky bottom-0 z-10 -mx-3 flex flex-col gap-2 border-t border-base-300 bg-base-100 px-3 py-3 sm:mx-0 sm:rounded-box sm:border"
          data-testid="chat-form"
        >
          <input type="hidden" name="form_token" value={form.token} />
          <input type="hidden" name="action" value="send" />
          <input type="hidden" name="client_id" value={form.clientId} />
          <div
            role="alert"
            tabIndex={-1}
            className={problem ? 'alert alert-error alert-soft py-2 text-sm' : 'hidden'}
            data-testid="chat-problem"
          >
            {problem}
          </div>
          {photo && (
            <div className="flex items-center gap-3">
              <img src={photo.preview} alt={t('chat.photo_preview')} className="h-20 w-20 rounded-box object-cover" />
              <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => choosePhoto(undefined)}>
                {t('chat.photo_remove')}
              </button>
            </div>
          )}
          <label htmlFor="chat-text" className="sr-only">
            {t('chat.message_label', { name: props.otherName })}
          </label>
          <div className="flex items-end gap-2">
            {hydrated && (
              // The file input inside its label: the label shows the keyboard focus the hidden input has.
              <label
                className="btn btn-square btn-ghost min-h-12 min-w-12 focus-within:outline-2 focus-within:outline-primary"
                title={t('chat.photo_attach')}
              >
                <input
                  ref={photoRef}
                  type="file"
                  accept="image/*"
                  className="sr-only"
                  onChange={(event) => choosePhoto(event.target.files?.[0])}
                />
                <Icon name="photo" className="h-6 w-6" />
                <span className="sr-only">{t('chat.photo_attach')}</span>
              </label>
            )}
            <textarea
              ref={textRef}
              id="chat-text"
              name="text"
              rows={2}
              maxLength={CHAT_TEXT_MAX}
              required={!photo}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              placeholder={t('chat.placeholder')}
              className="textarea textarea-bordered min-h-12 w-full grow text-base"
            />
            <button
              type="submit"
              className="btn btn-primary min-h-12"
              disabled={sendingPhoto}
              aria-busy={sendingPhoto}
              data-testid="chat-send"
            >
              {sendingPhoto && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t('chat.send')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
