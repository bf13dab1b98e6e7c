import qs from 'qs';
import { KINDS, type LotKind, type LotType } from '~/features/lots/constants';
import { searchObjectOf } from '~/features/lots/query';
import { type LotSearch, lotSearchSchema } from '~/features/lots/schemas';
import { listQuery } from '~/features/validation/fields';
import { issueToMessage } from '~/features/validation/messages';
import type { Locale } from '~/i18n/config';
import { hasMessage, type MessageKey, type MessageVars } from '~/i18n/t';

/**
 * The query string of a catalogue page, read with the rules of `GET /api-v2/{prefix}/index` (docs/lots.md):
 * `page`, `per-page`, `sort` and `view` at the top, the search object as the API finds it (searchObjectOf in
 * features/lots/query.ts). Where the API answers 422, the page drops the bad value instead (a shared link with
 * a typo still shows lots), and links are written back from the parsed values, so they carry no empty or
 * invalid parameters.
 */

/** Every sort the API accepts; the select offers the first four, the others only when a link asks for them. */
export const CATALOGUE_SORTS = ['-created_at', 'price', '-price', '-volume', 'created_at', 'volume'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
export const DEFAULT_SORT: CatalogueSort = '-created_at';

export const CATALOGUE_VIEWS = ['cards', 'table', 'map'] as const;
export type CatalogueView = (typeof CATALOGUE_VIEWS)[number];

export const CATALOGUE_PER_PAGE = 12;

/** The price filters a person types; one the page cannot read is left out and shown back with its reason. */
export const TYPED_FILTERS = ['price_from', 'price_to'] as const;
export type TypedFilter = (typeof TYPED_FILTERS)[number];

export interface CatalogueState {
  page: number;
  perPage: number;
  sort: CatalogueSort;
  view: CatalogueView;
  search: LotSearch;
  /** Typed filters that were not used: what was typed, and why it was not read (an ambiguous "1,500" in French). */
  refused: Partial<Record<TypedFilter, { text: string; message: { key: MessageKey; vars?: MessageVars } }>>;
}

/** What a catalogue page is: its kind, and a type the page stands for (the "orders" pages list buy requests). */
export interface CatalogueScope {
  kind: LotKind;
  fixedType?: LotType;
}

const QS_OPTIONS = { depth: 5, arrayLimit: 200, parameterLimit: 500 } as const;

function pick<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
  fallback: T,
): T {
  const result = schema.safeParse(value);
  return result.success ? result.data : fallback;
}

/**
 * The search object with every invalid value left out (the API would refuse the whole request instead), and
 * the typed filters among them with their reason, to show beside the filter.
 */
function parseSearch(
  inner: Record<string, unknown>,
  locale: Locale,
): { search: LotSearch; refused: CatalogueState['refused'] } {
  const schema = lotSearchSchema(locale);
  const refused: CatalogueState['refused'] = {};
  const first = schema.safeParse(inner, { reportInput: true });
  if (first.success) return { search: first.data, refused };
  const rest = { ...inner };
  for (const issue of first.error.issues) {
    const field = String(issue.path[0]);
    delete rest[field];
    const typed = TYPED_FILTERS.find((name) => name === field);
    if (typed && typeof inner[typed] === 'string')
      refused[typed] ??= { text: inner[typed] as string, message: issueToMessage(issue, hasMessage) };
  }
  const second = schema.safeParse(rest);
  return { search: second.success ? second.data : schema.parse({}), refused };
}

export function parseCatalogueQuery(
  search: string,
  { kind, fixedType }: CatalogueScope,
  isSignedIn: boolean,
  locale: Locale,
): CatalogueState {
  const meta = KINDS[kind];
  const raw = qs.parse(search.replace(/^\?/, ''), QS_OPTIONS) as Record<string, unknown>;
  const { search: parsed, refused } = parseSearch(searchObjectOf(meta, raw), locale);
  // Favourites are a member's own list: for a visitor the API answers 401, the page simply shows every lot.
  if (!isSignedIn) parsed.favorites = undefined;
  if (fixedType) parsed.type = fixedType;

  const sort = CATALOGUE_SORTS.find((s) => s === raw.sort) ?? DEFAULT_SORT;
  const view = CATALOGUE_VIEWS.find((v) => v === raw.view) ?? 'cards';
  return {
    page: pick(listQuery.shape.page, raw.page, 1),
    perPage: pick(listQuery.shape['per-page'], raw['per-page'], CATALOGUE_PER_PAGE),
    sort,
    view,
    search: parsed,
    refused,
  };
}

/** How many filters of the filter panel are set (the search text and the sort are not counted). */
export function countActiveFilters(search: LotSearch, fixedType?: LotType): number {
  return [
    search.type && search.type !== fixedType,
    search.category_id,
    search.country_id,
    search.region_id,
    search.regions?.length,
    search.price_from > 0,
    search.price_to !== undefined,
    search.organic,
    search.with_photo,
    search.have_geolocation,
    search.user_id,
    search.favorites,
    search.company_type?.length,
    search.maker,
  ].filter(Boolean).length;
}

/**
 * The query string (with `?`, or '' when there is nothing) of a catalogue state, in the API's parameter names.
 * Pagination, the view switch and the "clear" links are all written from it.
 */
export function catalogueQueryString(state: CatalogueState, scope: CatalogueScope): string {
  const meta = KINDS[scope.kind];
  const s = state.search;
  const params = new URLSearchParams();
  const inner = (name: string, value: string | number) => params.append(`${meta.search}[${name}]`, String(value));
  if (s.q) params.set('q', s.q);
  if (s.country_id) params.set('country_id', String(s.country_id));
  if (s.type && s.type !== scope.fixedType) inner('type', s.type);
  if (s.category_id) inner(meta.categoryFilter, s.category_id);
  if (s.region_id) inner('region_id', s.region_id);
  for (const region of s.regions ?? []) inner('regions][', region);
  if (s.price_from > 0) inner('price_from', s.price_from);
  if (s.price_to !== undefined) inner('price_to', s.price_to);
  if (s.currency_id) inner('currency_id', s.currency_id);
  if (s.organic) inner('organic', 1);
  if (s.with_photo) inner('with_photo', 1);
  if (s.have_geolocation) inner('have_geolocation', 1);
  if (s.user_id) inner('user_id', s.user_id);
  if (s.favorites) inner('favorites', 1);
  for (const type of s.company_type ?? []) inner('company_type][', type);
  if (s.maker) inner('maker', s.maker);
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.perPage !== CATALOGUE_PER_PAGE) params.set('per-page', String(state.perPage));
  if (state.view !== 'cards') params.set('view', state.view);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
