import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companyInterests } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { requireMembership } from './access';

/** Removes one of the caller's company's interests (administrators only); another company's is "not found". */
export async function removeInterest(db: Executor, userId: number, id: number): Promise<void> {
  const { companyId } = await requireMembership(db, userId, 'administrator');
  const [row] = await db
    .delete(companyInterests)
    .where(and(eq(companyInterests.id, id), eq(companyInterests.companyId, companyId)))
    .returning({ id: companyInterests.id });
  if (!row) throw new AppError('not_found', 'errors.not_found');
}
