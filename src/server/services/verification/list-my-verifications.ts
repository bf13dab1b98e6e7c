import { desc, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companies, verificationRequests } from '~/server/db/schema';
import { listRequestDocuments } from './list-request-documents';
import { readVerifications } from './read-verifications';

/** The member's own verification records (active and revoked) and the requests they sent, with status. */
export async function listMyVerifications(db: Executor, userId: number) {
  const [records, requests] = await Promise.all([
    readVerifications(db, { userId }),
    db
      .select({ request: verificationRequests, verifier_company: companies.title })
      .from(verificationRequests)
      .leftJoin(companies, eq(companies.id, verificationRequests.verifierCompanyId))
      .where(eq(verificationRequests.requestedBy, userId))
      .orderBy(desc(verificationRequests.id))
      .limit(50),
  ]);
  const documents = await listRequestDocuments(
    db,
    requests.map((r) => r.request),
  );
  return {
    records,
    requests: requests.map(({ request, verifier_company }) => ({
      id: request.id,
      unit: request.userId !== null ? ('user' as const) : ('company' as const),
      type: request.type,
      status: request.status,
      verifier_company,
      message: request.message,
      decision_note: request.decisionNote,
      created_at: request.createdAt,
      decided_at: request.decidedAt,
      verification_id: request.verificationId,
      documents: documents.get(request.id) ?? [],
    })),
  };
}
