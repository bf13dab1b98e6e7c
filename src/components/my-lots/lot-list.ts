import { LOT_KINDS, type LotKind } from '~/features/lots/constants';
import type { MessageKey } from '~/i18n/t';
import { pageParam } from '~/features/site/page-param';
import type { LotListRequest } from '~/server/loaders/my-lots';

/** What a user's lot list page (My lots, Favourite lots) reads from its address, and how it links its pages. */

/** The tab and page the address asks for: `?kind=seed&page=2`. */
export function lotListRequest(url: URL): LotListRequest {
  return { kind: kindParam(url), page: pageParam(url) };
}

/** The `kind` query parameter of a list page, or undefined when it is missing or unknown. */
function kindParam(url: URL): LotKind | undefined {
  const value = url.searchParams.get('kind');
  return (LOT_KINDS as readonly string[]).includes(value ?? '') ? (value as LotKind) : undefined;
}

/** The address of a list page for a kind and page (page 1 stays out of the address). */
export function listHref(path: string, kind: LotKind, page = 1): string {
  return page > 1 ? `${path}?kind=${kind}&page=${page}` : `${path}?kind=${kind}`;
}

/** The messages of a MyLotRow's LotActions island (My lots, and the "on sale" cabinet card). */
export const MY_LOT_ROW_KEYS: MessageKey[] = [
  'my_lots.actions_for',
  'my_lots.view',
  'my_lots.edit',
  'my_lots.close',
  'my_lots.deactivate',
  'my_lots.activate',
  'my_lots.re_add',
  'my_lots.in_deal_note',
  'my_lots.close_title',
  'my_lots.close_text',
  'my_lots.delete_title',
  'my_lots.delete_text',
  'my_lots.closed_done',
  'my_lots.deactivated_done',
  'my_lots.activated_done',
  'my_lots.deleted_done',
  'profile.delete',
  'profile.cancel',
  'auth.form_offline',
  'errors.internal_error',
];
