import { and, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import {
  articleCategories,
  categories,
  type CategoryKind,
  companyInterests,
  favoriteCategories,
  lots,
  marketPrices,
  memberWarehouseProducts,
  priceAlerts,
  priceDaily,
} from '~/server/db/schema';

/**
 * How many rows point at a category (docs/backoffice.md "Reference data"): its sub-categories, lots, warehouse
 * products, companies' interests, articles, favourites and, for crops, market prices, statistics and price alerts.
 * Counted generously (a favourite or a price row of another kind with the same id counts too): a category is
 * deleted only when nothing could mean it.
 */
export async function countCategoryUses(db: Executor, kind: CategoryKind, id: number): Promise<number> {
  const n = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const counts = await Promise.all([
    n(
      db
        .select({ n: count() })
        .from(categories)
        .where(and(eq(categories.kind, kind), eq(categories.parentId, id))),
    ),
    n(
      db
        .select({ n: count() })
        .from(lots)
        .where(and(eq(lots.kind, kind), eq(lots.categoryId, id))),
    ),
    n(
      db
        .select({ n: count() })
        .from(memberWarehouseProducts)
        .where(and(eq(memberWarehouseProducts.categoryKind, kind), eq(memberWarehouseProducts.categoryId, id))),
    ),
    n(
      db
        .select({ n: count() })
        .from(companyInterests)
        .where(and(eq(companyInterests.categoryKind, kind), eq(companyInterests.categoryId, id))),
    ),
    n(
      db
        .select({ n: count() })
        .from(articleCategories)
        .where(and(eq(articleCategories.categoryKind, kind), eq(articleCategories.categoryId, id))),
    ),
    n(
      db
        .select({ n: count() })
        .from(favoriteCategories)
        .where(
          and(
            inArray(favoriteCategories.kind, kind === 'technic' ? ['technic'] : ['board']),
            eq(favoriteCategories.categoryId, id),
          ),
        ),
    ),
    ...(kind === 'board'
      ? [
          n(db.select({ n: count() }).from(marketPrices).where(eq(marketPrices.categoryId, id))),
          n(db.select({ n: count() }).from(priceDaily).where(eq(priceDaily.categoryId, id))),
          n(db.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.categoryId, id))),
        ]
      : []),
  ]);
  return counts.reduce((a, b) => a + b, 0);
}
