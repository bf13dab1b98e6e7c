import { useState } from 'react';
import type { LotKind } from '~/features/lots/constants';
import { reloadWithSnack, showSnack } from '~/stores/snackbar';
import { setLotFavorite } from '~/islands/favorite/set-favorite';
import { useHydrated } from '~/islands/lib/fields';
import { failureText } from '~/islands/lib/form-problem';
import Icon from '~/islands/lib/Icon';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';

interface Props {
  messages: Messages;
  kind: LotKind;
  id: number;
  title: string;
}

/** Takes one lot off the favourites page; the page reloads so the list and its pages close the gap. */
export default function RemoveFavorite({ messages, kind, id, title }: Props) {
  const t = createClientTranslator(messages);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    const result = await setLotFavorite(kind, id, false);
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
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Icon name="heart" filled />}
      {t('my_lots.favorite_remove')}
    </button>
  );
}
