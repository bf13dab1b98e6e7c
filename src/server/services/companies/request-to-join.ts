import { eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { isUniqueViolation } from '~/server/db/errors';
import { companies, companyJoinRequests } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { findMembership, listAdministrators } from './access';
import { notifyTeam } from './notify-team';

/**
 * Asks to join a company by its code: a pending request its administrators decide (and are told of by e-mail).
 * An unknown code is a 404 'no companies found by this number'; a member of a company cannot ask.
 */
export async function requestToJoin(db: Executor, userId: number, code: string): Promise<{ id: number }> {
  const [company] = await db
    .select({ id: companies.id, title: companies.title })
    .from(companies)
    .where(eq(companies.code, sql`upper(${code.replaceAll(' ', '')})`));
  if (!company)
    throw new AppError('not_found', 'companies.code_not_found', {
      fields: { code: [{ key: 'companies.code_not_found' }] },
    });
  if (await findMembership(db, userId)) throw new AppError('conflict', 'companies.already_member');
  // The request and its e-mails to the administrators are written together.
  return db.transaction(async (tx) => {
    let row: { id: number };
    try {
      [row] = await tx
        .insert(companyJoinRequests)
        .values({ companyId: company.id, userId, direction: 'request', createdBy: userId })
        .returning({ id: companyJoinRequests.id });
    } catch (error) {
      if (isUniqueViolation(error, 'company_join_requests_pending_uq'))
        throw new AppError('conflict', 'companies.request_pending');
      throw error;
    }
    await notifyTeam(tx, await listAdministrators(tx, company.id), 'join_requested', company.title, userId);
    return row;
  });
}
