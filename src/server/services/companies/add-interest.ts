import { and, eq } from 'drizzle-orm';
import type { InterestInput } from '~/features/companies/schemas';
import type { Executor } from '~/server/db';
import { categories, companyInterests } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { requireMembership } from './access';

/**
 * Adds what the caller's company sells or buys (administrators only): a category of any lot kind. Adding one it
 * has already is no change (the same id answers).
 */
export async function addInterest(db: Executor, userId: number, input: InterestInput): Promise<{ id: number }> {
  const { companyId } = await requireMembership(db, userId, 'administrator');
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.kind, input.category_kind), eq(categories.id, input.category_id)));
  if (!category)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { category_id: [{ key: 'validation.invalid_option' }] },
    });
  const values = { companyId, kind: input.kind, categoryKind: input.category_kind, categoryId: input.category_id };
  const [inserted] = await db
    .insert(companyInterests)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: companyInterests.id });
  if (inserted) return inserted;
  const [existing] = await db
    .select({ id: companyInterests.id })
    .from(companyInterests)
    .where(
      and(
        eq(companyInterests.companyId, companyId),
        eq(companyInterests.kind, input.kind),
        eq(companyInterests.categoryKind, input.category_kind),
        eq(companyInterests.categoryId, input.category_id),
      ),
    );
  return existing;
}
