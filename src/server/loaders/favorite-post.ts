import { z } from 'zod';
import { KINDS, LOT_KINDS } from '~/features/lots/constants';
import { requiredInt } from '~/features/validation/fields';
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { loginUrl } from '~/server/http/guards';
import { safeReturnPath } from '~/server/http/return-path';
import { addFavoriteLot, removeFavoriteLot } from '~/server/services/lots/lot-favorites';
import { type FormPageRequest, PRIVATE_PAGE, type PageOutcome, failedForm, guardFormPost, readForm } from './form-post';

/** Where the hearts post (src/islands/favorite/FavoriteButton.tsx, src/islands/my-lots/RemoveFavorite.tsx). */
export const FAVORITE_ACTION = '/user/favorite';

/** The heart's form: which lot, whether it becomes a favourite (1) or stops being one (0), and the page to go back to. */
const favoriteFormSchema = z.object({
  kind: z.enum(LOT_KINDS, { message: 'validation.invalid_option' }),
  lot_id: requiredInt(),
  favorite: z.enum(['0', '1'], { message: 'validation.invalid_option' }),
});

export interface FavoritePostView {
  /** Why the heart did nothing, in the page's language. */
  problem: string;
  /** The page the heart was on (or the favourites list). */
  back: string;
}

/**
 * The hearts without JavaScript (docs/lots.md "Favourites without JavaScript"): a plain form POST to /user/favorite
 * that adds the lot to the member's favourites or takes it out, through the API's own services (addFavoriteLot,
 * removeFavoriteLot), then sends the browser back to the page it came from (303; `return_to`, a safe path of
 * ours). A visitor whose session ended is sent to sign in ("You must be logged in…") and back. A refusal (an
 * expired form, a lot that is gone) is a short page with the reason and the way back, with the API's status.
 * A GET has nothing to show: the favourites list.
 */
export async function postFavorite(request: FormPageRequest): Promise<PageOutcome<FavoritePostView>> {
  const { locale, user } = request;
  const list = localizePath('/user/profile/favorite', locale);
  if (request.request.method !== 'POST') return { redirect: list, status: 302, headers: PRIVATE_PAGE };
  let back = list;
  try {
    const fields = await readForm(request.request);
    back = safeReturnPath(fields.return_to) ?? list;
    if (!user) return { redirect: loginUrl(locale, back, true), status: 303, headers: PRIVATE_PAGE };
    guardFormPost(request, fields);
    const input = parseInput(favoriteFormSchema, fields);
    const change = input.favorite === '1' ? addFavoriteLot : removeFavoriteLot;
    await change(await getDb(), user.id, input.kind, input.lot_id);
    // The page the heart was on, or the lot's own page when the form named none.
    if (!safeReturnPath(fields.return_to)) back = localizePath(`${KINDS[input.kind].sitePath}/${input.lot_id}`, locale);
    return { redirect: back, status: 303, headers: PRIVATE_PAGE };
  } catch (error) {
    // No field is shown: every message joins the reason (failedForm throws on anything but an AppError).
    const { state, status, headers } = failedForm(error, request, {
      action: FAVORITE_ACTION,
      shownFields: [],
      values: {},
    });
    return { view: { problem: state.problem ?? '', back }, status, headers };
  }
}
