import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { isUniqueViolation } from '~/server/db/errors';
import { companyJoinRequests, users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { findMembership, requireMembership } from './access';
import { notifyTeam } from './notify-team';

const cannotAddUser = (status: 'conflict' | 'validation_failed') =>
  new AppError(status, 'companies.cannot_add_user', {
    fields: { referral_code: [{ key: 'companies.cannot_add_user' }] },
  });

/**
 * Invites a member by their referral code (administrators only): a pending invitation the member accepts or
 * declines, told by e-mail. 'cannot add user': an unknown code (422) or a member already in a company (409).
 */
export async function inviteMember(db: Executor, userId: number, referralCode: string): Promise<{ id: number }> {
  const { companyId, companyTitle } = await requireMembership(db, userId, 'administrator');
  const [invitee] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, referralCode.trim().toUpperCase()));
  if (!invitee) throw cannotAddUser('validation_failed');
  if (await findMembership(db, invitee.id)) throw cannotAddUser('conflict');
  // The invitation and its e-mail are written together.
  return db.transaction(async (tx) => {
    let row: { id: number };
    try {
      [row] = await tx
        .insert(companyJoinRequests)
        .values({ companyId, userId: invitee.id, direction: 'invite', createdBy: userId })
        .returning({ id: companyJoinRequests.id });
    } catch (error) {
      if (isUniqueViolation(error, 'company_join_requests_pending_uq'))
        throw new AppError('conflict', 'companies.request_pending');
      throw error;
    }
    await notifyTeam(tx, [invitee.id], 'invited', companyTitle, userId);
    return row;
  });
}
