import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companies, companyDocuments, companyMembers, lots, users, verificationRequests } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { onMarket } from '~/server/services/lots/lot-item';
import { readVerifications } from '~/server/services/verification/read-verifications';
import { type StaffActor, requireCapability } from './access';

/**
 * A company as the back office reads it (docs/backoffice.md "Companies"): its fields, team (with e-mails),
 * documents (links staff open through `GET /api-v2/company/document`), verification records (active and revoked),
 * pending verification requests and its lots (all, and on the market). Capability `verification`; unknown: 404.
 */
export async function readAdminCompany(db: Executor, actor: StaffActor, id: number) {
  requireCapability(actor, 'verification');
  const [company] = await db.select().from(companies).where(eq(companies.id, id));
  if (!company) throw new AppError('not_found', 'companies.not_found', { vars: { id } });
  const [team, documents, verifications, [requests], [lotCounts]] = await Promise.all([
    db
      .select({
        user_id: companyMembers.userId,
        name: sql<string>`${users.firstName} || coalesce(' ' || ${users.lastName}, '')`,
        email: users.email,
        permission: companyMembers.permission,
      })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(eq(companyMembers.companyId, id))
      .orderBy(asc(companyMembers.permission), asc(users.id)),
    db
      .select({
        id: companyDocuments.id,
        document_type_id: companyDocuments.documentTypeId,
        name: companyDocuments.originalName,
        content_type: companyDocuments.contentType,
        size: companyDocuments.size,
        created_at: companyDocuments.createdAt,
      })
      .from(companyDocuments)
      .where(eq(companyDocuments.companyId, id))
      .orderBy(asc(companyDocuments.id)),
    readVerifications(db, { companyId: id }),
    db
      .select({ pending: count() })
      .from(verificationRequests)
      .where(and(eq(verificationRequests.companyId, id), eq(verificationRequests.status, 'pending'))),
    db
      .select({ total: count(), on_market: sql<number>`count(*) filter (where ${onMarket()})`.mapWith(Number) })
      .from(lots)
      .where(eq(lots.companyId, id)),
  ]);
  return {
    company: {
      id: company.id,
      title: company.title,
      entity_number: company.entityNumber,
      type_id: company.typeId,
      country_id: company.countryId,
      phone: company.phone,
      email: company.email,
      website: company.website,
      is_verifier: company.isVerifier,
      created_at: company.createdAt,
    },
    team,
    documents: documents.map((d) => ({ ...d, url: `/api-v2/company/document?id=${d.id}` })),
    verifications,
    verified: verifications.some((v) => v.active),
    pending_requests: requests.pending,
    lots: { total: lotCounts.total, on_market: lotCounts.on_market },
  };
}
