import { formatDateWith } from '~/i18n/format';
import { useId, useRef, useState } from 'react';
import { apiGet, apiPost } from '~/stores/api';
import { useHydrated } from '~/islands/lib/fields';
import { failureText } from '~/islands/lib/form-problem';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import { showSnack } from '~/stores/snackbar';

export interface ShareItem {
  id: number;
  created_at: string;
  expires_at: string;
  created_by_name: string;
  created_by_you: boolean;
}

interface Props {
  offerId: number;
  /** The links that work now, as the page was drawn. */
  initial: ShareItem[];
  /** BCP 47 tag of the page's language, for dates. */
  intlLocale: string;
  messages: Messages;
}

/**
 * Share links of the deal's record (docs/deals.md "Verifiable deal history"): make one (its address is shown
 * once, to copy), see the ones that work, revoke any of them. The list is drawn on the server; the buttons
 * appear once the island runs.
 */
export default function HistoryShares({ offerId, initial, intlLocale, messages }: Props) {
  const t = createClientTranslator(messages);
  const hydrated = useHydrated();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [shares, setShares] = useState(initial);
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState<number | 'create' | null>(null);
  const day = (iso: string) =>
    formatDateWith(new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium' }), new Date(iso));

  async function reload() {
    const result = await apiGet<{ items: ShareItem[] }>(`/offer/history-shares?id=${offerId}`);
    if (result.ok) setShares(result.data.items);
  }

  async function create() {
    setBusy('create');
    const result = await apiPost<{ id: number; url: string }>('/offer/create-history-share', { id: offerId });
    setBusy(null);
    if (!result.ok) return showSnack('error', failureText(result, t));
    setCreated(result.data.url);
    setCopied(false);
    await reload();
    input.current?.focus();
    input.current?.select();
  }

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, an insecure page): the address is selected for the phone's own copy.
      input.current?.select();
    }
  }

  async function revoke(id: number) {
    setBusy(id);
    const result = await apiPost('/offer/revoke-history-share', { share_id: id });
    setBusy(null);
    if (!result.ok) return showSnack('error', failureText(result, t));
    setShares((current) => current.filter((share) => share.id !== id));
    showSnack('success', t('deal.share_revoked'));
  }

  return (
    <div className="flex flex-col gap-4">
      {/* Making and revoking links needs the script: without it the buttons are not shown (never disabled for no
          reason), and the page's "Save the record" still works. */}
      {hydrated && (
        <button
          type="button"
          className="btn btn-outline btn-primary min-h-12 w-full sm:w-fit"
          disabled={busy !== null}
          aria-busy={busy === 'create' || undefined}
          onClick={() => void create()}
        >
          {busy === 'create' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t('deal.share_create')}
        </button>
      )}
      {created && (
        <div className="rounded-box bg-base-200 p-3" role="status">
          <label htmlFor={inputId} className="text-sm font-medium">
            {t('deal.share_created')}
          </label>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <input
              id={inputId}
              ref={input}
              readOnly
              value={created}
              className="input input-bordered min-h-12 w-full min-w-0 font-mono text-sm"
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="btn btn-primary min-h-12" onClick={() => void copy()}>
              {copied ? t('deal.share_copied') : t('deal.share_copy')}
            </button>
          </div>
        </div>
      )}
      <div>
        <h3 className="font-semibold">{t('deal.share_list_title')}</h3>
        {shares.length === 0 ? (
          <p className="mt-1 text-sm opacity-80">{t('deal.share_none')}</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2" data-testid="history-shares">
            {shares.map((share) => {
              const vars = { name: share.created_by_name, date: day(share.created_at), until: day(share.expires_at) };
              return (
                <li key={share.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="min-w-0 break-words">
                    {t(share.created_by_you ? 'deal.share_item_you' : 'deal.share_item', vars)}
                  </span>
                  {hydrated && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm min-h-11 text-error"
                      disabled={busy !== null}
                      aria-busy={busy === share.id || undefined}
                      aria-label={t('deal.share_revoke_label', { date: vars.date })}
                      onClick={() => void revoke(share.id)}
                    >
                      {t('deal.share_revoke')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
