import { type AnyColumn, type SQL, asc, desc } from 'drizzle-orm';
import { AppError } from '~/server/errors';

export interface PageMeta {
  totalCount: number;
  pageCount: number;
  currentPage: number;
  perPage: number;
  /**
   * Only lists that cap their count have it (catalogues, docs/lots.md "Counts"). When true, more than totalCount
   * items match; pageCount then counts one page past them, so a pager always offers the next page.
   */
  totalCountCapped?: boolean;
}
/** The shape of every list answer: `{ items, _meta }` (docs/architecture.md "API conventions"). */
export interface Page<T> {
  items: T[];
  _meta: PageMeta;
}

export interface PageRequest {
  page: number;
  perPage: number;
}

export function pageOffset({ page, perPage }: PageRequest): number {
  return (page - 1) * perPage;
}

export function toPage<T>(
  items: T[],
  totalCount: number,
  { page, perPage }: PageRequest,
  options?: { capped: boolean },
): Page<T> {
  const known = options?.capped ? totalCount + 1 : totalCount;
  const meta: PageMeta = { totalCount, pageCount: Math.ceil(known / perPage), currentPage: page, perPage };
  return { items, _meta: options ? { ...meta, totalCountCapped: options.capped } : meta };
}

/**
 * Reads `-created_at` / `price` style sort parameters against a whitelist of sortable columns.
 * An unknown column is a client error on the `sort` field, never a silent default.
 */
export function parseSort(sort: string, sortable: Record<string, AnyColumn | SQL>): SQL {
  const descending = sort.startsWith('-');
  const name = descending ? sort.slice(1) : sort;
  const column = Object.hasOwn(sortable, name) ? sortable[name] : undefined;
  if (!column) {
    throw new AppError('validation_failed', 'validation.invalid_sort', {
      fields: { sort: [{ key: 'validation.invalid_sort', vars: { allowed: Object.keys(sortable).join(', ') } }] },
      vars: { allowed: Object.keys(sortable).join(', ') },
    });
  }
  return descending ? desc(column) : asc(column);
}
