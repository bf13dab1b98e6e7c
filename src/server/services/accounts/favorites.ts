import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { categories, favoriteCategories } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/**
 * Favourite categories: 'board' holds crop, seed and fertilizer interests (board categories), 'technic' machinery.
 * Unknown category ids are refused; adding one twice is harmless.
 */
export async function addFavoriteCategories(
  db: Executor,
  userId: number,
  kind: 'board' | 'technic',
  ids: number[],
): Promise<number[]> {
  const known = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.kind, kind), inArray(categories.id, ids)));
  if (known.length !== new Set(ids).size)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { index: [{ key: 'validation.invalid_option' }] },
    });
  await db
    .insert(favoriteCategories)
    .values(known.map((c) => ({ userId, kind, categoryId: c.id })))
    .onConflictDoNothing();
  return listFavoriteCategoryIds(db, userId, kind);
}

export async function removeFavoriteCategories(
  db: Executor,
  userId: number,
  kind: 'board' | 'technic',
  ids: number[],
): Promise<number[]> {
  await db
    .delete(favoriteCategories)
    .where(
      and(
        eq(favoriteCategories.userId, userId),
        eq(favoriteCategories.kind, kind),
        inArray(favoriteCategories.categoryId, ids),
      ),
    );
  return listFavoriteCategoryIds(db, userId, kind);
}

export async function listFavoriteCategoryIds(
  db: Executor,
  userId: number,
  kind: 'board' | 'technic',
): Promise<number[]> {
  const rows = await db
    .select({ id: favoriteCategories.categoryId })
    .from(favoriteCategories)
    .where(and(eq(favoriteCategories.userId, userId), eq(favoriteCategories.kind, kind)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
