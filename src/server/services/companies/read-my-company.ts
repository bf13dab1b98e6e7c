import { and, asc, desc, eq } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import {
  categories,
  companies,
  companyDocuments,
  companyInterests,
  companyJoinRequests,
  companyMembers,
  documentTypes,
} from '~/server/db/schema';
import { userNameSql } from '../accounts/users';
import { findMembership } from './access';
import { companyDocumentUrl } from './upload-company-document';
import { logoUrls } from './upload-company-logo';

/**
 * The caller's company as its team sees it: the company (with its code, given to members who ask to join), the
 * caller's permission, the team, pending requests and invitations, documents and interests. `company: null` when
 * the caller is in none.
 */
export async function readMyCompany(db: Executor, userId: number, locale: Locale) {
  const membership = await findMembership(db, userId);
  if (!membership) return { company: null };
  const { companyId } = membership;
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  const [team, pending, documents, interests] = await Promise.all([
    db
      .select({
        user_id: companyMembers.userId,
        name: userNameSql(companyMembers.userId, 'full'),
        permission: companyMembers.permission,
        joined_at: companyMembers.createdAt,
      })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, companyId))
      .orderBy(asc(companyMembers.createdAt), asc(companyMembers.userId)),
    db
      .select({
        id: companyJoinRequests.id,
        user_id: companyJoinRequests.userId,
        name: userNameSql(companyJoinRequests.userId, 'full'),
        direction: companyJoinRequests.direction,
        status: companyJoinRequests.status,
        created_at: companyJoinRequests.createdAt,
      })
      .from(companyJoinRequests)
      .where(and(eq(companyJoinRequests.companyId, companyId), eq(companyJoinRequests.status, 'pending')))
      .orderBy(desc(companyJoinRequests.createdAt), desc(companyJoinRequests.id)),
    db
      .select({
        id: companyDocuments.id,
        document_type_id: companyDocuments.documentTypeId,
        type: localizedColumn(documentTypes, 'name', locale),
        type_category_id: documentTypes.typeCategoryId,
        name: companyDocuments.originalName,
        content_type: companyDocuments.contentType,
        size: companyDocuments.size,
        created_at: companyDocuments.createdAt,
      })
      .from(companyDocuments)
      .innerJoin(documentTypes, eq(documentTypes.id, companyDocuments.documentTypeId))
      .where(eq(companyDocuments.companyId, companyId))
      .orderBy(desc(companyDocuments.createdAt), desc(companyDocuments.id)),
    db
      .select({
        id: companyInterests.id,
        kind: companyInterests.kind,
        category_kind: companyInterests.categoryKind,
        category_id: companyInterests.categoryId,
        category: localizedColumn(categories, 'name', locale),
      })
      .from(companyInterests)
      .innerJoin(
        categories,
        and(eq(categories.kind, companyInterests.categoryKind), eq(categories.id, companyInterests.categoryId)),
      )
      .where(eq(companyInterests.companyId, companyId))
      .orderBy(asc(companyInterests.id)),
  ]);
  return {
    company: {
      id: company.id,
      title: company.title,
      entity_number: company.entityNumber,
      type_id: company.typeId,
      country_id: company.countryId,
      region_id: company.regionId,
      phone: company.phone,
      email: company.email,
      website: company.website,
      description: company.description,
      latitude: company.latitude,
      longitude: company.longitude,
      code: company.code,
      is_verifier: company.isVerifier,
      created_at: company.createdAt,
      ...logoUrls(company.logoKey),
    },
    permission: membership.permission,
    team,
    requests: pending.filter((r) => r.direction === 'request'),
    invitations: pending.filter((r) => r.direction === 'invite'),
    documents: documents.map((d) => ({ ...d, url: companyDocumentUrl(d.id) })),
    interests,
  };
}
