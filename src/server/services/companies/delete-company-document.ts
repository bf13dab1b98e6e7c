import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companyDocuments } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { getStorage } from '~/server/storage';
import { requireMembership } from './access';

/** Deletes a document of the caller's company (administrators only); another company's is "not found". */
export async function deleteCompanyDocument(db: Executor, userId: number, id: number): Promise<void> {
  const { companyId } = await requireMembership(db, userId, 'administrator');
  const [row] = await db
    .delete(companyDocuments)
    .where(and(eq(companyDocuments.id, id), eq(companyDocuments.companyId, companyId)))
    .returning({ key: companyDocuments.storageKey });
  if (!row) throw new AppError('not_found', 'errors.not_found');
  await getStorage().delete(row.key);
}
