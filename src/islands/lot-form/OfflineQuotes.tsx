import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { KINDS } from '~/features/lots/constants';
import type { Locale } from '~/i18n/config';
import { localizePath } from '~/i18n/paths';
import {
  $offlineQuotes,
  $senderState,
  $sentQuotes,
  removeOfflineQuote,
  sendOfflineQuotes,
  startOfflineQuoteSender,
} from '~/stores/offline-quotes';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';

interface Props {
  messages: Messages;
  userId: number;
  locale: Locale;
  intlLocale: string;
  /** The localized sign-in page, returning here: where to go when the session ended before the quotes were sent. */
  loginHref: string;
}

/**
 * The banner of lots kept on this device (written without a connection) and the sender that posts them when
 * the connection returns. It shows what waits, what was sent (with a link to the new lot) and what the server
 * refused (with its reason, until dismissed). Renders nothing when there is nothing to tell.
 */
export default function OfflineQuotes({ messages, userId, locale, intlLocale, loginHref }: Props) {
  const t = createClientTranslator(messages);
  const quotes = useStore($offlineQuotes).filter((q) => q.userId === userId);
  const sent = useStore($sentQuotes);
  const state = useStore($senderState);

  useEffect(() => startOfflineQuoteSender(userId), [userId]);

  const waiting = quotes.filter((q) => !q.rejected);
  const rejected = quotes.filter((q) => q.rejected);
  if (waiting.length === 0 && rejected.length === 0 && sent.length === 0) return null;

  const time = new Intl.DateTimeFormat(intlLocale, { dateStyle: 'short', timeStyle: 'short' });
  const lotHref = (path: string, lotId: number) => {
    const kind = Object.values(KINDS).find((meta) => path.startsWith(`/api-v2/${meta.apiPrefix}/`));
    return kind ? localizePath(`${kind.sitePath}/${lotId}`, locale) : null;
  };

  return (
    <div className="flex flex-col gap-3" data-testid="offline-quotes">
      {sent.map((quote) => {
        const href = quote.lotId ? lotHref(quote.path, quote.lotId) : null;
        return (
          <div
            key={quote.id}
            role="status"
            className="alert alert-success flex flex-col items-start sm:flex-row sm:items-center"
          >
            <span className="flex-1">{t('offline_quotes.sent', { title: quote.title })}</span>
            {href && (
              <a href={href} className="btn btn-sm min-h-10">
                {t('lot_form.view_lot')}
              </a>
            )}
            <button
              type="button"
              className="btn btn-ghost btn-sm min-h-10"
              onClick={() => $sentQuotes.set($sentQuotes.get().filter((s) => s.id !== quote.id))}
            >
              {t('offline_quotes.dismiss')}
            </button>
          </div>
        );
      })}

      {rejected.map((quote) => (
        <div
          key={quote.id}
          role="alert"
          className="alert alert-error flex flex-col items-start sm:flex-row sm:items-center"
        >
          <span className="flex-1">
            {t('offline_quotes.rejected', { title: quote.title, reason: quote.rejected ?? '' })}
          </span>
          <button type="button" className="btn btn-sm min-h-10" onClick={() => removeOfflineQuote(quote.id)}>
            {t('offline_quotes.dismiss')}
          </button>
        </div>
      ))}

      {waiting.length > 0 && (
        <section
          aria-labelledby="offline-quotes-title"
          className="alert alert-warning flex flex-col items-stretch gap-2"
        >
          <h2 id="offline-quotes-title" className="font-semibold">
            {t('offline_quotes.title')}
          </h2>
          <p>{t('offline_quotes.waiting_text')}</p>
          <ul className="flex flex-col gap-1">
            {waiting.map((quote) => (
              <li key={quote.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium">{quote.title}</span>{' '}
                  <span className="text-sm">
                    ({t('offline_quotes.saved_at', { time: time.format(new Date(quote.createdAt)) })})
                  </span>
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm min-h-10"
                  aria-label={t('offline_quotes.remove_label', { title: quote.title })}
                  onClick={() => removeOfflineQuote(quote.id)}
                >
                  {t('offline_quotes.remove')}
                </button>
              </li>
            ))}
          </ul>
          <p aria-live="polite" className="text-sm">
            {state === 'offline' && t('offline_quotes.still_offline')}
            {state === 'signed_out' && (
              <>
                {t('offline_quotes.sign_in')}{' '}
                <a href={loginHref} className="link font-semibold">
                  {t('auth.sign_in')}
                </a>
              </>
            )}
          </p>
          <div>
            <button
              type="button"
              className="btn btn-sm min-h-10"
              disabled={state === 'sending'}
              aria-busy={state === 'sending' || undefined}
              onClick={() => void sendOfflineQuotes(userId)}
            >
              {state === 'sending' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {state === 'sending' ? t('offline_quotes.sending') : t('offline_quotes.send_now')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
