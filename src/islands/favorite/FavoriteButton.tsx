import { type ReactNode, useRef, useState } from 'react';
import type { LotKind } from '~/features/lots/constants';
import { showSnack } from '~/stores/snackbar';
import { failureText } from '~/islands/lib/form-problem';
import Icon from '~/islands/lib/Icon';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import { setLotFavorite } from './set-favorite';

interface CommonProps {
  kind: LotKind;
  lotId: number;
  initialFavorite: boolean;
  /**
   * The plain form the heart is without JavaScript (src/server/loaders/favorite-post.ts): where it posts, the
   * browser's form token and the page to come back to.
   */
  form: { action: string; token: string; returnTo: string };
}

/**
 * - `icon`: the round heart over a lot card, named by `label` ("Favourite: White maize"); the heart itself is
 *   the feedback, a failure is told with `catalogue.favorite_failed`. Messages: 'catalogue.favorite_failed',
 *   'auth.form_offline', 'errors.internal_error' (a dozen cards share a page).
 * - `labelled`: the lot page's button, which says what it will do and tells the outcome in the snackbar.
 *   Messages: 'lot_page.favorite_add', '…_remove', '…_added', '…_removed', 'auth.form_offline',
 *   'errors.internal_error' (src/components/lot-page/LotActions.astro).
 */
export type FavoriteButtonProps = CommonProps & { messages: Messages } & (
    { variant: 'icon'; label: string } | { variant: 'labelled' }
  );

/**
 * Adds the lot to the signed-in member's favourites or takes it out (visitors get a sign-in link instead).
 * A plain form that posts and comes back to the page until React runs; then optimistic: the heart changes at once,
 * the API call follows, and a refusal or a lost network puts it back and says why in the snackbar. The answer (the
 * member's favourite ids of this kind) is the truth the heart ends on.
 */
export default function FavoriteButton(props: FavoriteButtonProps) {
  const { kind, lotId, initialFavorite, messages, variant, form } = props;
  const t = createClientTranslator(messages);
  const [isFavorite, setFavorite] = useState(initialFavorite);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  async function toggle() {
    if (sending.current) return;
    sending.current = true;
    const wanted = !isFavorite;
    setFavorite(wanted);
    setBusy(true);
    const result = await setLotFavorite(kind, lotId, wanted);
    sending.current = false;
    setBusy(false);
    if (result.ok) {
      setFavorite(result.data.items.includes(lotId));
      if (variant === 'labelled')
        showSnack('success', t(wanted ? 'lot_page.favorite_added' : 'lot_page.favorite_removed'));
      return;
    }
    setFavorite(!wanted);
    showSnack(
      'error',
      variant === 'icon' ? t('catalogue.favorite_failed', { reason: failureText(result, t) }) : failureText(result, t),
    );
  }

  // Without JavaScript the browser posts the form; once hydrated the API call replaces the post.
  const plainForm = (button: ReactNode) => (
    <form
      method="post"
      action={form.action}
      className="flex flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        void toggle();
      }}
    >
      <input type="hidden" name="form_token" value={form.token} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="lot_id" value={lotId} />
      <input type="hidden" name="favorite" value={isFavorite ? '0' : '1'} />
      <input type="hidden" name="return_to" value={form.returnTo} />
      {button}
    </form>
  );

  if (variant === 'icon') {
    // Stays enabled while sending (a disabled button would drop the keyboard focus); `sending` ignores a second press.
    return plainForm(
      <button
        type="submit"
        className="btn btn-circle btn-ghost h-11 w-11 bg-base-100/90 text-error shadow-sm hover:bg-base-100"
        aria-pressed={isFavorite}
        aria-label={props.label}
        aria-busy={busy || undefined}
      >
        <Icon name="heart" className="h-6 w-6" filled={isFavorite} />
      </button>,
    );
  }
  return plainForm(
    <button type="submit" className="btn btn-ghost min-h-12" disabled={busy} aria-busy={busy || undefined}>
      <Icon name="heart" className={`h-5 w-5 ${isFavorite ? 'text-error' : ''}`} filled={isFavorite} />
      {t(isFavorite ? 'lot_page.favorite_remove' : 'lot_page.favorite_add')}
    </button>,
  );
}
