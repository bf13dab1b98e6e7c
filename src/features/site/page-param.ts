import { parseId } from '~/features/validation/fields';

/** Query parameters every paged list page reads the same way (src/components/list-params.ts redirects past the end). */

/** The `page` query parameter: a whole number from 1, anything else is page 1. */
export function pageParam(url: URL): number {
  const value = parseId(url.searchParams.get('page'));
  return value !== undefined && value <= 100_000 ? value : 1;
}

/** The address of a list page (page 1 stays out of the address, so each list has one canonical address). */
export const pageHref = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);
