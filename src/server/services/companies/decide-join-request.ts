import type { Database } from '~/server/db';
import { requireMembership } from './access';
import { notifyTeam } from './notify-team';
import { settleJoinRequest } from './settle-join-request';

/**
 * An administrator approves (the member joins as a manager) or declines a request to join their company; the
 * member is told by e-mail. Another company's request is "not found"; a manager gets a 403.
 */
export async function decideJoinRequest(db: Database, userId: number, id: number, approve: boolean): Promise<void> {
  const { companyId } = await requireMembership(db, userId, 'administrator');
  await db.transaction(async (tx) => {
    const { request, companyTitle } = await settleJoinRequest(
      tx,
      userId,
      id,
      'request',
      approve,
      (r) => r.companyId === companyId,
    );
    await notifyTeam(tx, [request.userId], approve ? 'join_approved' : 'join_declined', companyTitle, userId);
  });
}
