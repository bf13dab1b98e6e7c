import type { AstroGlobal } from 'astro';
import { pageHref } from '~/features/site/page-param';

/**
 * A page number past the end (its last rows moved or were removed, a stale link): the redirect to the last page
 * there is, or undefined when the page is fine. `list` is the list's path (its pages are `?page=`) or the address
 * of one of its pages, for a list whose address carries more than the page. The page itself is read by pageParam
 * (src/features/site/page-param.ts).
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
