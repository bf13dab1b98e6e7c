import { useState } from 'react';
import { showSnack } from '../../stores/snackbar';
import { apiPost } from '../lib/api';
import { useHydrated } from '../lib/fields';
import { failureText } from '../lib/form-problem';
import { type Messages, createClientTranslator } from '../lib/i18n';
import { reloadWithSnack } from './flash';

interface Props {
  messages: Messages;
  /** The kind's API prefix (board-list…), favourite endpoint suffix and id field (board_id, seeds_id…). */
  apiPrefix: string;
  favoriteSuffix: string;
  favoriteField: string;
  id: number;
  title: string;
}

/** Takes one lot off the favourites page; the page reloads so the list and its pages close the gap. */
export default function RemoveFavorite({ messages, apiPrefix, favoriteSuffix, favoriteField, id, title }: Props) {
  const t = createClientTranslator(messages);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    const result = await apiPost(`/${apiPrefix}/remove-favorites-${favoriteSuffix}`, { [favoriteField]: id });
    if (result.ok) return reloadWithSnack(t('my_lots.favorite_removed'));
    setBusy(false);
    showSnack('error', failureText(result, t));
  }

  return (
    <button
      type="button"
      className="btn btn-outline btn-error min-h-11 w-full"
      aria-label={t('my_lots.favorite_remove_named', { title })}
      disabled={!hydrated || busy}
      aria-busy={busy || undefined}
      onClick={() => void remove()}
    >
      {busy ? (
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
      ) : (
        <svg className="h-5 w-5" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
          <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
        </svg>
      )}
      {t('my_lots.favorite_remove')}
    </button>
  );
}
