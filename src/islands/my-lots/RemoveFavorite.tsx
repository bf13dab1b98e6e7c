import { useState } from 'react';
import type { LotKind } from '~/features/lots/constants';
import { reloadWithSnack, showSnack } from '~/stores/snackbar';
import { setLotFavorite } from '~/islands/favorite/set-favorite';
import { failureText } from '~/islands/lib/form-problem';
import Icon from '~/islands/lib/Icon';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';

interface Props {
  messages: Messages;
  kind: LotKind;
  id: number;
  title: string;
  /** The plain form without JavaScript (src/server/loaders/favorite-post.ts): where it posts, its token, this page. */
  form: { action: string; token: string; returnTo: string };
}

/**
 * Takes one lot off the favourites page; the page reloads so the list and its pages close the gap. Without
 * JavaScript a plain form posts the same and comes back to this page.
 */
export default function RemoveFavorite({ messages, kind, id, title, form }: Props) {
  const t = createClientTranslator(messages);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    const result = await setLotFavorite(kind, id, false);
    if (result.ok) return reloadWithSnack(t('my_lots.favorite_removed'));
    setBusy(false);
    showSnack('error', failureText(result, t));
  }

  return (
    <form
      method="post"
      action={form.action}
      onSubmit={(event) => {
        event.preventDefault();
        void remove();
      }}
    >
      <input type="hidden" name="form_token" value={form.token} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="lot_id" value={id} />
      <input type="hidden" name="favorite" value="0" />
      <input type="hidden" name="return_to" value={form.returnTo} />
      <button
        type="submit"
        className="btn btn-outline btn-error min-h-11 w-full"
        aria-label={t('my_lots.favorite_remove_named', { title })}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : (
          <Icon name="heart" filled />
        )}
        {t('my_lots.favorite_remove')}
      </button>
    </form>
  );
}
