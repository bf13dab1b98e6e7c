import type { AstroGlobal } from 'astro';
import { parseId } from '~/features/validation/fields';

/** Query parameters every paged list page reads the same way. */

/** The `page` query parameter: a whole number from 1, anything else is page 1. */
export function pageParam(url: URL): number {
  const value = parseId(url.searchParams.get('page'));
  return value !== undefined && value <= 100_000 ? value : 1;
}

/** The address of a list page (page 1 stays out of the address, so each list has one canonical address). */
export const pageHref = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);

/**
 * A page number past the end (its last rows moved or were removed, a stale link): the redirect to the last page
 * there is, or undefined when the page is fine. `list` is the list's path (its pages are `?page=`) or the address
 * of one of its pages, for a list whose address carries more than the page.
 */
export function pastLastPage(
  Astro: Pick<AstroGlobal, 'redirect'>,
  list: string | ((page: number) => string),
  page: number,
  pageCount: number,
): Response | undefined {
  if (!(page > 1 && page > pageCount)) return undefined;
  const last = Math.max(pageCount, 1);
  return Astro.redirect(typeof list === 'string' ? pageHref(list, last) : list(last), 302);
}
