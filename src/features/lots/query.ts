import { z } from 'zod';
import { perLocale } from '~/features/numbers/schema';
import { listQuery } from '~/features/validation/fields';
import type { Locale } from '~/i18n/config';
import type { KindMeta } from './constants';
import { lotSearchSchema } from './schemas';

/**
 * The search object of a kind's index query (docs/lots.md), as `lotSearchSchema` reads it: the kind's own
 * object (`BoardQuoteSearch[…]`), whose category filter (boards_category_id, seeds_category_id…) is read as
 * `category_id`, with `q` and `country_id` taken from the top level where the object lacks them.
 * Shared by the API (`GET /{prefix}/index`) and the catalogue pages, so a catalogue link is an API query.
 */
export function searchObjectOf(meta: KindMeta, query: Record<string, unknown>): Record<string, unknown> {
  const nested = query[meta.search];
  const inner: Record<string, unknown> =
    nested && typeof nested === 'object' && !Array.isArray(nested) ? { ...(nested as Record<string, unknown>) } : {};
  if (meta.categoryFilter in inner) inner.category_id = inner[meta.categoryFilter];
  for (const key of ['q', 'country_id'] as const)
    if (query[key] !== undefined && inner[key] === undefined) inner[key] = query[key];
  return inner;
}

function buildIndexQuery(meta: KindMeta, locale: Locale) {
  return z.preprocess(
    (raw) => {
      const query = (raw ?? {}) as Record<string, unknown>;
      return { page: query.page, 'per-page': query['per-page'], sort: query.sort, search: searchObjectOf(meta, query) };
    },
    listQuery.extend({ search: lotSearchSchema(locale) }),
  );
}
const INDEX_QUERIES = new Map<string, (locale: Locale) => ReturnType<typeof buildIndexQuery>>();

/**
 * The whole index query of a kind: `page`, `per-page`, `sort` and the search object, whose price filters are
 * read as `locale` writes numbers (built once per kind and language).
 */
export function lotIndexQuery(meta: KindMeta, locale: Locale) {
  let build = INDEX_QUERIES.get(meta.kind);
  if (!build) {
    build = perLocale((l) => buildIndexQuery(meta, l));
    INDEX_QUERIES.set(meta.kind, build);
  }
  return build(locale);
}
