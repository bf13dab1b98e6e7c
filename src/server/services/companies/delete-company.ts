import { and, eq } from 'drizzle-orm';
import { OFFER_STATUS } from '~/features/deals/constants';
import { isInDeal } from '~/features/lots/owner-actions';
import type { Database, Executor } from '~/server/db';
import { companies, companyDocuments, lots, offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { getStorage } from '~/server/storage';
import { requireMembership } from './access';
import { removeLogoFiles } from './upload-company-logo';

/** Whether any of the company's lots is in a deal under way (an approved deal, a booking included). */
async function companyHasRunningDeal(tx: Executor, companyId: number): Promise<boolean> {
  const [running] = await tx
    .select({ id: offers.id })
    .from(offers)
    .innerJoin(lots, eq(lots.id, offers.lotId))
    .where(and(eq(lots.companyId, companyId), eq(offers.status, OFFER_STATUS.approved)))
    .limit(1);
  return running !== undefined;
}

/**
 * Deletes the caller's company (administrators only) with its team, requests, documents and interests; its lots
 * stay their owners'. Refused while any of its lots is in a running deal.
 */
export async function deleteCompany(db: Database, userId: number): Promise<void> {
  const { companyId } = await requireMembership(db, userId, 'administrator');
  const removed = await db.transaction(async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
    if (!company) throw new AppError('not_found', 'companies.not_member');
    if (isInDeal({ hasRunningDeal: await companyHasRunningDeal(tx, companyId) }))
      throw new AppError('conflict', 'companies.in_deal');
    const documents = await tx
      .select({ key: companyDocuments.storageKey })
      .from(companyDocuments)
      .where(eq(companyDocuments.companyId, companyId));
    await tx.delete(companies).where(eq(companies.id, companyId));
    return { logoKey: company.logoKey, documents: documents.map((d) => d.key) };
  });
  // Files go once the rows are gone: a failed deletion leaves an orphan file, never a row without its file.
  for (const key of removed.documents) await getStorage().delete(key);
  if (removed.logoKey) await removeLogoFiles(removed.logoKey);
}
