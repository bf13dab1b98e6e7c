import { and, eq } from 'drizzle-orm';
import type { CompanyPermission } from '~/features/companies/constants';
import type { Database } from '~/server/db';
import { companyMembers } from '~/server/db/schema';
import { assertNotLastAdministrator, requireMembership, requireTeamMember } from './access';
import { notifyTeam } from './notify-team';

/**
 * Changes a team member's permission (administrators only; the member is told by e-mail). The last administrator
 * cannot be demoted.
 */
export async function changePermission(
  db: Database,
  userId: number,
  memberId: number,
  permission: CompanyPermission,
): Promise<void> {
  const { companyId, companyTitle } = await requireMembership(db, userId, 'administrator');
  await db.transaction(async (tx) => {
    const current = await requireTeamMember(tx, companyId, memberId);
    if (current.permission === permission) return;
    if (permission !== 'administrator') await assertNotLastAdministrator(tx, companyId, memberId);
    await tx
      .update(companyMembers)
      .set({ permission })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, memberId)));
    if (memberId !== userId) await notifyTeam(tx, [memberId], 'permission_changed', companyTitle, userId);
  });
}
