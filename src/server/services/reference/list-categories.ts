import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import { type CategoryKind, categories } from '~/server/db/schema';

export interface CategoryNode {
  id: number;
  parent_id: number | null;
  slug: string;
  name: string;
  level: number;
  children?: CategoryNode[];
}

/** Retired categories (docs/backoffice.md "Reference data") are left out unless asked for (a catalogue of old lots). */
export interface CategoryListOptions {
  includeRetired?: boolean;
}

async function loadKind(db: Executor, kind: CategoryKind, locale: Locale, options: CategoryListOptions = {}) {
  return db
    .select({
      id: categories.id,
      parent_id: categories.parentId,
      slug: categories.slug,
      name: localizedColumn(categories, 'name', locale),
    })
    .from(categories)
    .where(and(eq(categories.kind, kind), options.includeRetired ? undefined : isNull(categories.retiredAt)))
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

/** A kind's whole tree as nested nodes, roots first, each level in its editorial order. */
export async function getCategoryTree(
  db: Executor,
  kind: CategoryKind,
  locale: Locale,
  options: CategoryListOptions = {},
): Promise<CategoryNode[]> {
  const rows = await loadKind(db, kind, locale, options);
  const build = (parentId: number | null, level: number): CategoryNode[] =>
    rows
      .filter((row) => row.parent_id === parentId)
      .map((row) => ({ ...row, level, children: build(row.id, level + 1) }));
  return build(null, 0);
}

/** The tree flattened depth-first with each node's level: what a multi-level select shows. */
export async function listCategoriesFlat(db: Executor, kind: CategoryKind, locale: Locale): Promise<CategoryNode[]> {
  const flatten = (nodes: CategoryNode[]): CategoryNode[] =>
    nodes.flatMap(({ children, ...node }) => [node, ...flatten(children ?? [])]);
  return flatten(await getCategoryTree(db, kind, locale));
}

export async function listRootCategories(db: Executor, kind: CategoryKind, locale: Locale) {
  return db
    .select({ id: categories.id, slug: categories.slug, name: localizedColumn(categories, 'name', locale) })
    .from(categories)
    .where(and(eq(categories.kind, kind), isNull(categories.parentId), isNull(categories.retiredAt)))
    .orderBy(asc(categories.sortOrder));
}
