import type { Database } from '~/server/db';
import { listAdministrators } from './access';
import { notifyTeam } from './notify-team';
import { settleJoinRequest } from './settle-join-request';

/**
 * The invited member accepts (joins as a manager) or declines an invitation; the company's administrators are
 * told by e-mail. Another member's invitation is "not found".
 */
export async function answerInvite(db: Database, userId: number, id: number, accept: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const { request, companyTitle } = await settleJoinRequest(
      tx,
      userId,
      id,
      'invite',
      accept,
      (r) => r.userId === userId,
    );
    await notifyTeam(
      tx,
      await listAdministrators(tx, request.companyId),
      accept ? 'invite_accepted' : 'invite_declined',
      companyTitle,
      userId,
    );
  });
}
