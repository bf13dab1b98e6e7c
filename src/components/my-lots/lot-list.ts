import type { AstroGlobal } from 'astro';
import { LOT_KINDS, type LotKind } from '~/features/lots/constants';
import type { LotSearch } from '~/features/lots/schemas';
import type { MessageKey, Translate } from '~/i18n/t';
import { getDb } from '~/server/db';
import type { Page } from '~/server/db/pagination';
import type { LotItem } from '~/server/services/lots/lot-item';
import { listLots } from '~/server/services/lots/list-lots';
import { pageParam, pastLastPage } from '~/components/list-params';

/** The user's lot lists (My lots, Favourite lots): one tab per kind, twelve lots a page, newest first. */

const PER_PAGE = 12;
const SORT = '-created_at';

export interface LotListPage {
  kind: LotKind;
  page: number;
  /** Lots per kind, for the tabs. */
  counts: Record<LotKind, number>;
  list: Page<LotItem>;
}

/**
 * The page of a list the `kind` and `page` parameters ask for, read in the page's frontmatter after its
 * sign-in guard. Without a tab chosen: the first kind that has lots, else `emptyKind`. A page emptied by
 * removals (or a stale link) answers a redirect to the last page that has lots.
 */
export async function loadLotList(
  Astro: AstroGlobal,
  path: string,
  search: LotSearch,
  emptyKind: LotKind,
): Promise<Response | LotListPage> {
  const { locale, user } = Astro.locals;
  const db = await getDb();
  const counts = Object.fromEntries(
    await Promise.all(
      LOT_KINDS.map(
        async (kind) =>
          [
            kind,
            (await listLots(db, kind, search, { page: 1, perPage: 1, sort: SORT }, user, locale))._meta.totalCount,
          ] as const,
      ),
    ),
  ) as Record<LotKind, number>;
  const kind = kindParam(Astro.url) ?? LOT_KINDS.find((k) => counts[k] > 0) ?? emptyKind;
  const page = pageParam(Astro.url);
  const list = await listLots(db, kind, search, { page, perPage: PER_PAGE, sort: SORT }, user, locale);
  return (
    pastLastPage(Astro, (last) => listHref(path, kind, last), page, list._meta.pageCount) ?? {
      kind,
      page,
      counts,
      list,
    }
  );
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

/**
 * Exactly the messages an island shows, for its props. (messagesFor would add every validation and error
 * message, which the buttons of twelve rows would each carry in the page.)
 */
export function pickMessages(t: Translate, keys: MessageKey[]): Partial<Record<MessageKey, string>> {
  return Object.fromEntries(keys.map((key) => [key, t(key)]));
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
