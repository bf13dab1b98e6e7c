import { useState } from 'react';
import { KINDS, type LotKind } from '../../features/lots/constants';
import { showSnack } from '../../stores/snackbar';
import { apiPost } from '../lib/api';
import { useHydrated } from '../lib/fields';
import { failureText } from '../lib/form-problem';
import { type Messages, createClientTranslator } from '../lib/i18n';

interface Props {
  kind: LotKind;
  lotId: number;
  initialFavorite: boolean;
  messages: Messages;
}

/**
 * Adds the lot to the signed-in user's favourites or takes it out (spec §"Lots": changed locally first, then
 * the server is asked). A refused or lost request puts the button back and says why.
 */
export default function FavoriteButton({ kind, lotId, initialFavorite, messages }: Props) {
  const t = createClientTranslator(messages);
  const hydrated = useHydrated();
  const [favorite, setFavorite] = useState(initialFavorite);
  const [busy, setBusy] = useState(false);
  const meta = KINDS[kind];

  async function toggle() {
    const next = !favorite;
    setFavorite(next);
    setBusy(true);
    const result = await apiPost<{ items: number[] }>(`/${meta.apiPrefix}/${next ? 'add' : 'remove'}-favorites-${meta.favoriteSuffix}`, { [meta.favoriteField]: lotId });
    setBusy(false);
    if (result.ok) {
      setFavorite(result.data.items.includes(lotId));
      showSnack('success', t(next ? 'lot_page.favorite_added' : 'lot_page.favorite_removed'));
    } else {
      setFavorite(!next);
      showSnack('error', failureText(result, t));
    }
  }

  return (
    <button
      type="button"
      className="btn btn-ghost min-h-12"
      disabled={!hydrated || busy}
      aria-busy={busy || undefined}
      onClick={() => void toggle()}
    >
      <svg
        className={`h-5 w-5 ${favorite ? 'text-error' : ''}`}
        viewBox="0 0 24 24"
        fill={favorite ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M12 20s-7-4.4-9.2-8.7C1.3 8.3 3 4.5 6.6 4.5c2.1 0 3.5 1.2 5.4 3.3 1.9-2.1 3.3-3.3 5.4-3.3 3.6 0 5.3 3.8 3.8 6.8C19 15.6 12 20 12 20z" />
      </svg>
      {t(favorite ? 'lot_page.favorite_remove' : 'lot_page.favorite_add')}
    </button>
  );
}
