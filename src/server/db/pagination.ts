import { type AnyColumn, type SQL, asc, desc } from 'drizzle-orm';
import { AppError } from '~/server/errors';

export interface PageMeta {
  totalCount: number;
  pageCount: number;
  currentPage: number;
  perPage: number;
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

export function toPage<T>(items: T[], totalCount: number, { page, perPage }: PageRequest): Page<T> {
  return { items, _meta: { totalCount, pageCount: Math.ceil(totalCount / perPage), currentPage: page, perPage } };
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
