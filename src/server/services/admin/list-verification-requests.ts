import { and, asc, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '~/server/db';
import type { Page } from '~/server/db/pagination';
import { companies, verificationRequests } from '~/server/db/schema';
import { userNameSql } from '~/server/services/accounts/users';
import {
  adminVerificationDocumentUrl,
  listRequestDocuments,
} from '~/server/services/verification/list-request-documents';
import { independentRequests } from '~/server/services/verification/verification-rules';
import { type StaffActor, requireCapability } from './access';

export const VERIFICATION_QUEUE_PAGE_SIZE = 20;

export interface VerificationQueueItem {
  id: number;
  unit: 'user' | 'company';
  unit_id: number;
  unit_name: string | null;
  type: string;
  message: string | null;
  requested_by: number;
  requested_by_name: string | null;
  verifier_company_id: number | null;
  verifier_company: string | null;
  created_at: Date;
  documents: { id: number; name: string; content_type: string; size: number; url: string }[];
}

/**
 * The back office's verification queue (docs/backoffice.md "Verification"): every pending request, oldest first,
 * with the member or company, who asked, the verifier company it names (if any) and its documents (links staff
 * open through the back office's `GET /api-v2/admin/verification/document`). Capability `verification`. Requests
 * about the staff member's own account, companies or colleagues are left out: not theirs to decide.
 */
export async function listVerificationRequests(
  db: Executor,
  actor: StaffActor,
  page = 1,
): Promise<Page<VerificationQueueItem>> {
  requireCapability(actor, 'verification');
  const pending = and(eq(verificationRequests.status, 'pending'), independentRequests(actor.id));
  const subject = alias(companies, 'subject');
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        request: verificationRequests,
        user_name: userNameSql(verificationRequests.userId, 'full'),
        requested_by_name: userNameSql(verificationRequests.requestedBy, 'full'),
        company_title: subject.title,
        verifier_company: companies.title,
      })
      .from(verificationRequests)
      .leftJoin(subject, eq(subject.id, verificationRequests.companyId))
      .leftJoin(companies, eq(companies.id, verificationRequests.verifierCompanyId))
      .where(pending)
      .orderBy(asc(verificationRequests.createdAt), asc(verificationRequests.id))
      .limit(VERIFICATION_QUEUE_PAGE_SIZE)
      .offset((page - 1) * VERIFICATION_QUEUE_PAGE_SIZE),
    db.select({ total: count() }).from(verificationRequests).where(pending),
  ]);
  const documents = await listRequestDocuments(
    db,
    rows.map((r) => r.request),
    adminVerificationDocumentUrl,
  );
  return {
    items: rows.map(({ request, user_name, requested_by_name, company_title, verifier_company }) => ({
      id: request.id,
      unit: request.userId !== null ? 'user' : 'company',
      unit_id: request.userId ?? request.companyId!,
      unit_name: request.userId !== null ? user_name : company_title,
      type: request.type,
      message: request.message,
      requested_by: request.requestedBy,
      requested_by_name,
      verifier_company_id: request.verifierCompanyId,
      verifier_company,
      created_at: request.createdAt,
      documents: documents.get(request.id) ?? [],
    })),
    _meta: {
      totalCount: total,
      pageCount: Math.max(1, Math.ceil(total / VERIFICATION_QUEUE_PAGE_SIZE)),
      currentPage: page,
      perPage: VERIFICATION_QUEUE_PAGE_SIZE,
    },
  };
}
