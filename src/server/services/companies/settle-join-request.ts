import { and, eq, ne } from 'drizzle-orm';
import type { JoinDirection } from '~/features/companies/constants';
import type { Executor } from '~/server/db';
import { isUniqueViolation } from '~/server/db/errors';
import { companies, companyJoinRequests, companyMembers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { findMembership } from './access';

export type JoinRequestRow = typeof companyJoinRequests.$inferSelect;

/**
 * Decides a pending join request or invitation, once: approved, the member joins the company as a manager and
 * their other pending requests and invitations are declined (a member belongs to at most one company). `isParty`
 * says whether the caller may decide this one; anyone else, like a request that does not exist, gets a 404.
 */
export async function settleJoinRequest(
  db: Executor,
  deciderId: number,
  id: number,
  direction: JoinDirection,
  approve: boolean,
  isParty: (request: JoinRequestRow) => boolean,
): Promise<{ request: JoinRequestRow; companyTitle: string }> {
  const alreadyMember = () =>
    direction === 'invite'
      ? new AppError('conflict', 'companies.already_member')
      : new AppError('conflict', 'companies.cannot_add_user');
  try {
    return await db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(companyJoinRequests)
        .where(and(eq(companyJoinRequests.id, id), eq(companyJoinRequests.direction, direction)))
        .for('update');
      if (!request || !isParty(request)) throw new AppError('not_found', 'companies.request_not_found');
      if (request.status !== 'pending') throw new AppError('conflict', 'companies.request_decided');
      if (approve) {
        if (await findMembership(tx, request.userId)) throw alreadyMember();
        await tx
          .insert(companyMembers)
          .values({ companyId: request.companyId, userId: request.userId, permission: 'manager' });
        await tx
          .update(companyJoinRequests)
          .set({ status: 'declined', decidedBy: deciderId, decidedAt: new Date() })
          .where(
            and(
              eq(companyJoinRequests.userId, request.userId),
              eq(companyJoinRequests.status, 'pending'),
              ne(companyJoinRequests.id, request.id),
            ),
          );
      }
      const [decided] = await tx
        .update(companyJoinRequests)
        .set({ status: approve ? 'approved' : 'declined', decidedBy: deciderId, decidedAt: new Date() })
        .where(eq(companyJoinRequests.id, request.id))
        .returning();
      const [company] = await tx
        .select({ title: companies.title })
        .from(companies)
        .where(eq(companies.id, request.companyId));
      return { request: decided, companyTitle: company.title };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'company_members_one_company_uq')) throw alreadyMember();
    throw error;
  }
}
