import { type SQL, count, desc, sql } from 'drizzle-orm';
import type { AdminCompaniesQuery } from '~/features/admin/verification';
import type { Executor } from '~/server/db';
import type { Page } from '~/server/db/pagination';
import { companies } from '~/server/db/schema';
import { type StaffActor, requireCapability } from './access';

export const ADMIN_COMPANIES_PAGE_SIZE = 30;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface AdminCompanyItem {
  id: number;
  title: string;
  entity_number: string;
  type_id: number;
  country_id: number;
  is_verifier: boolean;
  verified: boolean;
  created_at: Date;
}

/**
 * The back office's companies (docs/backoffice.md "Companies"), newest first, 30 a page; `q` matches any part of
 * the title or of the registration number (any case, spaces ignored in the number). Capability `verification`.
 */
export async function listAdminCompanies(
  db: Executor,
  actor: StaffActor,
  query: AdminCompaniesQuery,
): Promise<Page<AdminCompanyItem>> {
  requireCapability(actor, 'verification');
  let where: SQL | undefined;
  if (query.q) {
    const text = query.q.toLowerCase();
    const number = text.replace(/\s/g, '');
    where = sql`(${companies.search} like ${`%${likeEscaped(text)}%`} or lower(replace(${companies.entityNumber}, ' ', '')) like ${`%${likeEscaped(number)}%`})`;
  }
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: companies.id,
        title: companies.title,
        entity_number: companies.entityNumber,
        type_id: companies.typeId,
        country_id: companies.countryId,
        is_verifier: companies.isVerifier,
        verified: sql<boolean>`exists (select 1 from verifications v where v.company_id = ${companies.id} and v.revoked_at is null)`,
        created_at: companies.createdAt,
      })
      .from(companies)
      .where(where)
      .orderBy(desc(companies.id))
      .limit(ADMIN_COMPANIES_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_COMPANIES_PAGE_SIZE),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return {
    items: rows,
    _meta: {
      totalCount: total,
      pageCount: Math.max(1, Math.ceil(total / ADMIN_COMPANIES_PAGE_SIZE)),
      currentPage: query.page,
      perPage: ADMIN_COMPANIES_PAGE_SIZE,
    },
  };
}
