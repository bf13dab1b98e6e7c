import { useRef, useState } from 'react';
import { KINDS, type LotKind } from '../../features/lots/constants';
import { showSnack } from '../../stores/snackbar';
import { apiPost } from '../lib/api';
import { useHydrated } from '../lib/fields';
import { failureText } from '../lib/form-problem';
import { type Messages, createClientTranslator } from '../lib/i18n';
import { HEART_PATH } from './heart';

/**
 * The favourite heart of a lot card, for signed-in members (visitors get a sign-in link drawn by LotCard).
 * Optimistic: the heart changes at once, the API call follows, and a refusal or a lost network puts it back and
 * says why in the snackbar. The answer (the member's favourite ids of this kind) is the truth the heart ends on.
 */
export interface FavoriteButtonProps {
  lotId: number;
  kind: LotKind;
  initial: boolean;
  /** Accessible name, with the lot's title: "Favourite: White maize". */
  label: string;
  /** 'catalogue.favorite_failed', 'auth.form_offline', 'errors.internal_error' (a dozen cards share a page). */
  messages: Messages;
}

export default function FavoriteButton({ lotId, kind, initial, label, messages }: FavoriteButtonProps) {
  const t = createClientTranslator(messages);
  const hydrated = useHydrated();
  const [isFavorite, setFavorite] = useState(initial);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  async function toggle() {
    if (sending.current) return;
    sending.current = true;
    const meta = KINDS[kind];
    const wanted = !isFavorite;
    setFavorite(wanted);
    setBusy(true);
    const result = await apiPost<{ items: number[] }>(`/${meta.apiPrefix}/${wanted ? 'add' : 'remove'}-favorites-${meta.favoriteSuffix}`, { [meta.favoriteField]: lotId });
    sending.current = false;
    setBusy(false);
    if (result.ok) {
      setFavorite(result.data.items.includes(lotId));
      return;
    }
    setFavorite(!wanted);
    showSnack('error', t('catalogue.favorite_failed', { reason: failureText(result, t) }));
  }

  return (
    <button
      type="button"
      className="btn btn-circle btn-ghost h-11 w-11 bg-base-100/90 text-error shadow-sm hover:bg-base-100"
      aria-pressed={isFavorite}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={!hydrated}
      onClick={toggle}
    >
      <svg className="h-6 w-6" viewBox="0 0 24 24" fill={isFavorite ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d={HEART_PATH} />
      </svg>
    </button>
  );
}
