import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { type CategoryKind, categories } from '~/server/db/schema';

/** The lot kinds whose categories are stock a warehouse holds: every kind but machinery (technic). */
export const STOCK_KINDS = ['board', 'seed', 'fertilizer'] as const satisfies readonly CategoryKind[];

/**
 * Whether a category may be stock in a warehouse: it exists and is of a kind of goods — a machinery (technic)
 * category is equipment, not stock.
 */
export async function isValidProductType(db: Executor, kind: CategoryKind, categoryId: number): Promise<boolean> {
  if (!(STOCK_KINDS as readonly string[]).includes(kind)) return false;
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.kind, kind), eq(categories.id, categoryId)));
  return row !== undefined;
}
