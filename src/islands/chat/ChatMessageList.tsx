import { useState } from 'react';
import { type DayGroup, dateTimeOf, timeOf } from '~/features/chat/day-groups';
import type { ChatMessageView } from '~/features/chat/items';
import { dealLineKey } from '~/features/chat/deal-lines';
import { CHAT_WARNING_LABEL } from '~/features/chat/labels';
import { linkify } from '~/features/chat/linkify';
import Icon from '~/islands/lib/Icon';
import type { ClientTranslate } from '~/islands/lib/i18n';

/** A message of the outbox (not yet taken by the server) as the room shows it. */
export interface PendingView {
  clientId: string;
  text: string;
  createdAt: number;
  state: 'sending' | 'waiting' | 'rejected';
  reason?: string;
}

interface Props {
  groups: DayGroup<ChatMessageView>[];
  pending: PendingView[];
  otherLastReadMessageId: number;
  otherName: string;
  intlLocale: string;
  pathPrefix: string;
  timeZone: string | undefined;
  t: ClientTranslate;
  /** Deleting needs the island (a confirmation, then the API). */
  canDelete: boolean;
  onDelete: (id: number) => Promise<void>;
  onRemovePending: (clientId: string) => void;
}

function MessageText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words">
      {linkify(text).map((part, index) =>
        'href' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
          <a key={index} href={part.href} className="link" rel="nofollow noopener noreferrer ugc" target="_blank">
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/**
 * The room's messages, grouped by day: the other member's on the left, one's own on the right with their "seen"
 * mark, deal events as centred lines linking to the deal, a gentle warning beside a risky message, and what still
 * waits in the outbox at the end ("sending…", "waiting for a connection", or why the server refused it).
 */
export default function ChatMessageList({
  groups,
  pending,
  otherLastReadMessageId,
  otherName,
  intlLocale,
  pathPrefix,
  timeZone,
  t,
  canDelete,
  onDelete,
  onRemovePending,
}: Props) {
  const [confirming, setConfirming] = useState<number | null>(null);
  const all = groups.flatMap((group) => group.messages);
  // "Seen" goes under the newest of one's own messages the other member has read.
  const seenId = all.filter((m) => m.mine && m.id <= otherLastReadMessageId).at(-1)?.id;
  const dayName = (group: DayGroup<ChatMessageView>) =>
    group.when === 'today' ? t('chat.today') : group.when === 'yesterday' ? t('chat.yesterday') : group.label;

  if (all.length === 0 && pending.length === 0)
    return (
      <p className="rounded-box bg-base-200 p-4 text-center" data-testid="chat-empty-room">
        {t('chat.room_empty', { name: otherName })}
      </p>
    );

  return (
    <ol className="flex flex-col gap-2" aria-label={t('chat.messages_label')} data-testid="chat-messages">
      {groups.map((group) => (
        <li key={group.day} className="flex flex-col gap-2">
          <h3 className="my-2 text-center text-xs font-semibold uppercase tracking-wide opacity-80">
            <time dateTime={group.day} title={group.label}>
              {dayName(group)}
            </time>
          </h3>
          <ol className="flex flex-col gap-2">
            {group.messages.map((message) => {
              const time = (
                <time
                  dateTime={new Date(message.created_at * 1000).toISOString()}
                  title={dateTimeOf(message.created_at, intlLocale, timeZone)}
                  className="text-xs opacity-80"
                >
                  {timeOf(message.created_at, intlLocale, timeZone)}
                </time>
              );
              if (message.kind === 'system' && message.system) {
                return (
                  <li key={message.id} id={`message-${message.id}`} className="flex justify-center" data-kind="system">
                    <p className="flex max-w-full flex-wrap items-center justify-center gap-x-2 rounded-full bg-base-200 px-3 py-1 text-center text-sm">
                      <Icon name="offers" className="h-4 w-4" />
                      <span className="break-words">{t(dealLineKey(message.system.event))}</span>
                      <a href={`${pathPrefix}${message.system.url}`} className="link link-primary">
                        {t('chat.deal_line.open')}
                        <span className="sr-only"> ({t('chat.deal_number', { id: message.system.offer_id })})</span>
                      </a>
                      {time}
                    </p>
                  </li>
                );
              }
              return (
                <li
                  key={message.id}
                  id={`message-${message.id}`}
                  className={`flex flex-col gap-1 ${message.mine ? 'items-end' : 'items-start'}`}
                  data-kind="text"
                  data-mine={message.mine ? 'true' : 'false'}
                >
                  <div
                    className={`max-w-[85%] rounded-2xl px-3 py-2 sm:max-w-[70%] ${
                      message.mine ? 'bg-primary text-primary-content' : 'bg-base-200'
                    }`}
                  >
                    <p className="sr-only">
                      {message.mine ? t('chat.you_wrote') : t('chat.other_wrote', { name: otherName })}
                    </p>
                    {message.hidden ? (
                      <p className="italic opacity-80" data-testid="chat-message-hidden">
                        {t('chat.hidden_by_moderation', { reason: message.hidden_reason ?? '' })}
                      </p>
                    ) : message.deleted ? (
                      <p className="italic opacity-80">{t('chat.deleted')}</p>
                    ) : (
                      <>
                        {message.photo && (
                          <a href={message.photo.url} className="mb-1 block" target="_blank" rel="noopener">
                            <img
                              src={message.photo.url}
                              srcSet={message.photo.srcset || undefined}
                              sizes="(min-width: 640px) 20rem, 70vw"
                              width={message.photo.width || undefined}
                              height={message.photo.height || undefined}
                              alt={t('chat.photo_alt')}
                              loading="lazy"
                              decoding="async"
                              className="h-auto max-h-72 w-auto max-w-full rounded-xl bg-base-300 object-contain"
                            />
                          </a>
                        )}
                        {message.text && <MessageText text={message.text} />}
                      </>
                    )}
                    <p className="mt-1 flex items-center justify-end gap-2">
                      {time}
                      {message.mine && message.id === seenId && (
                        <span className="text-xs font-semibold" data-testid="chat-seen">
                          <Icon name="check" className="inline h-3.5 w-3.5" /> {t('chat.seen')}
                        </span>
                      )}
                    </p>
                  </div>
                  {message.warnings.length > 0 && (
                    <ul className="max-w-[85%] sm:max-w-[70%]" data-testid="chat-warning">
                      {message.warnings.map((warning) => (
                        <li key={warning} className="flex items-start gap-1 text-sm text-warning-content">
                          <span className="flex items-start gap-1 rounded-box bg-warning/20 px-2 py-1">
                            <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
                            {t(CHAT_WARNING_LABEL[warning])}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                  {message.mine && !message.deleted && !message.hidden && canDelete && (
                    <div className="flex gap-2 text-sm">
                      {confirming === message.id ? (
                        <>
                          <span>{t('chat.delete_confirm')}</span>
                          <button
                            type="button"
                            className="link link-error min-h-8"
                            onClick={() => {
                              setConfirming(null);
                              void onDelete(message.id);
                            }}
                          >
                            {t('chat.delete_yes')}
                          </button>
                          <button type="button" className="link min-h-8" onClick={() => setConfirming(null)}>
                            {t('chat.delete_no')}
                          </button>
                        </>
                      ) : (
                        <button
                          type="button"
                          className="link opacity-80 min-h-8"
                          onClick={() => setConfirming(message.id)}
                        >
                          {t('chat.delete')}
                        </button>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
        </li>
      ))}
      {pending.length > 0 && (
        <li>
          <ol className="flex flex-col gap-2" aria-label={t('chat.unsent_label')}>
            {pending.map((entry) => (
              <li key={entry.clientId} className="flex flex-col items-end gap-1" data-testid="chat-pending">
                <div className="max-w-[85%] rounded-2xl border border-dashed border-primary px-3 py-2 sm:max-w-[70%]">
                  <MessageText text={entry.text} />
                  <p className="mt-1 text-end text-xs opacity-80" role="status">
                    {entry.state === 'rejected'
                      ? t('chat.not_sent')
                      : entry.state === 'waiting'
                        ? t('chat.waiting_connection')
                        : t('chat.sending')}
                  </p>
                </div>
                {entry.reason && <p className="max-w-[85%] text-end text-sm text-error">{entry.reason}</p>}
                {entry.state === 'rejected' && (
                  <button
                    type="button"
                    className="link text-sm min-h-8"
                    onClick={() => onRemovePending(entry.clientId)}
                  >
                    {t('chat.remove_unsent')}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </li>
      )}
    </ol>
  );
}
