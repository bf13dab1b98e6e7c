import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companies, companyJoinRequests } from '~/server/db/schema';
import { logoUrls } from './upload-company-logo';

/** The caller's own pending invitations (to accept or decline) and requests to join (waiting for a company). */
export async function listMyJoinRequests(db: Executor, userId: number) {
  const rows = await db
    .select({
      id: companyJoinRequests.id,
      company_id: companyJoinRequests.companyId,
      company_title: companies.title,
      logo_key: companies.logoKey,
      direction: companyJoinRequests.direction,
      status: companyJoinRequests.status,
      created_at: companyJoinRequests.createdAt,
    })
    .from(companyJoinRequests)
    .innerJoin(companies, eq(companies.id, companyJoinRequests.companyId))
    .where(and(eq(companyJoinRequests.userId, userId), eq(companyJoinRequests.status, 'pending')))
    .orderBy(desc(companyJoinRequests.createdAt), desc(companyJoinRequests.id));
  const items = rows.map(({ logo_key, ...row }) => ({ ...row, company_logo: logoUrls(logo_key).logo_small }));
  return {
    invitations: items.filter((r) => r.direction === 'invite'),
    requests: items.filter((r) => r.direction === 'request'),
  };
}
