import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companies, verificationRequests } from '~/server/db/schema';
import { userNameSql } from '~/server/services/accounts/users';
import { type Actor, requireVerifier } from './find-verifier';
import { listRequestDocuments } from './list-request-documents';
import { independentRequests } from './verification-rules';

export const QUEUE_PAGE_SIZE = 20;

/**
 * Pending requests a verifier decides, newest first, with their documents: a verifier company's member those
 * addressed to their company (the platform's own queue is the back office's). Requests about the verifier's own
 * account, company or colleagues are not theirs to decide and are left out. Anyone else is a 403.
 */
export async function listVerificationQueue(db: Executor, actor: Actor, page = 1) {
  const verifier = await requireVerifier(db, actor);
  const where = and(
    eq(verificationRequests.status, 'pending'),
    verifier.admin ? undefined : eq(verificationRequests.verifierCompanyId, verifier.companyId!),
    independentRequests(actor.id),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        request: verificationRequests,
        user_name: userNameSql(verificationRequests.userId, 'full'),
        company_title: companies.title,
      })
      .from(verificationRequests)
      .leftJoin(companies, eq(companies.id, verificationRequests.companyId))
      .where(where)
      .orderBy(desc(verificationRequests.id))
      .limit(QUEUE_PAGE_SIZE)
      .offset((page - 1) * QUEUE_PAGE_SIZE),
    db.select({ total: count() }).from(verificationRequests).where(where),
  ]);
  const documents = await listRequestDocuments(
    db,
    rows.map((r) => r.request),
  );
  return {
    items: rows.map(({ request, user_name, company_title }) => ({
      id: request.id,
      unit: request.userId !== null ? ('user' as const) : ('company' as const),
      unit_id: request.userId ?? request.companyId!,
      unit_name: request.userId !== null ? user_name : company_title,
      type: request.type,
      message: request.message,
      verifier_company_id: request.verifierCompanyId,
      created_at: request.createdAt,
      documents: documents.get(request.id) ?? [],
    })),
    _meta: {
      totalCount: total,
      pageCount: Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE)),
      currentPage: page,
      perPage: QUEUE_PAGE_SIZE,
    },
  };
}
