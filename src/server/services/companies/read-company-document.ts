import { and, eq } from 'drizzle-orm';
import type { Role } from '~/features/accounts/constants';
import { holds } from '~/features/admin/capabilities';
import type { Executor } from '~/server/db';
import { companies, companyDocuments, companyMembers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { getStorage } from '~/server/storage';
import { findMembership } from './access';

/**
 * Whether a user may read a company's documents: its own team, and verifiers — platform staff with `verification` (administrators, moderators) and
 * members of companies marked as verifiers.
 */
export async function mayReadCompanyDocuments(
  db: Executor,
  viewer: { id: number; role: Role },
  companyId: number,
): Promise<boolean> {
  if (holds(viewer, 'verification')) return true;
  const membership = await findMembership(db, viewer.id);
  if (!membership) return false;
  if (membership.companyId === companyId) return true;
  const [verifier] = await db
    .select({ id: companies.id })
    .from(companies)
    .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
    .where(and(eq(companyMembers.userId, viewer.id), eq(companies.isVerifier, true)));
  return verifier !== undefined;
}

/** A company document's file; anyone who may not read it gets the same 404 as for a document that does not exist. */
export async function readCompanyDocument(db: Executor, viewer: { id: number; role: Role }, id: number) {
  const [row] = await db
    .select({
      companyId: companyDocuments.companyId,
      key: companyDocuments.storageKey,
      name: companyDocuments.originalName,
      contentType: companyDocuments.contentType,
    })
    .from(companyDocuments)
    .where(eq(companyDocuments.id, id));
  if (!row || !(await mayReadCompanyDocuments(db, viewer, row.companyId)))
    throw new AppError('not_found', 'errors.not_found');
  const file = await getStorage().get(row.key);
  if (!file) throw new AppError('not_found', 'errors.not_found');
  return { ...file, name: row.name, contentType: row.contentType };
}
