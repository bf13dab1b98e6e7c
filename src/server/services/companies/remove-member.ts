import { and, eq } from 'drizzle-orm';
import type { Database } from '~/server/db';
import { companyMembers } from '~/server/db/schema';
import { assertNotLastAdministrator, requireMembership, requireTeamMember } from './access';
import { notifyTeam } from './notify-team';

/**
 * Removes a member from the caller's company (administrators only; the member is told by e-mail). The last
 * administrator cannot be removed; another company's member is "not found".
 */
export async function removeMember(db: Database, userId: number, memberId: number): Promise<void> {
  const { companyId, companyTitle } = await requireMembership(db, userId, 'administrator');
  await db.transaction(async (tx) => {
    await requireTeamMember(tx, companyId, memberId);
    await assertNotLastAdministrator(tx, companyId, memberId);
    await tx
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, memberId)));
    if (memberId !== userId) await notifyTeam(tx, [memberId], 'removed', companyTitle, userId);
  });
}
