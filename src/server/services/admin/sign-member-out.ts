import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { sessions, users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { revokeUserSessions } from '~/server/services/accounts/sessions';
import { isStaffRole } from '~/features/admin/capabilities';
import { type StaffActor, requireCapability } from './access';
import { recordAudit } from './record-audit';

/**
 * Signs a member out everywhere (docs/backoffice.md "Members"): every session of theirs ends (web and apps); they may
 * sign in again. Capability `accounts` (a staff member's: `roles`, administrators); audit `member.sign_out` with the number of sessions before and after.
 */
export async function signMemberOut(db: Executor, actor: StaffActor, userId: number): Promise<{ ended: number }> {
  requireCapability(actor, 'accounts');
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new AppError('not_found', 'errors.not_found');
    // Ending a staff member's sessions is for those who manage staff (administrators), not for support.
    if (isStaffRole(user.role) && user.id !== actor.id) requireCapability(actor, 'roles');
    const [{ open }] = await tx
      .select({ open: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await revokeUserSessions(tx, userId);
    await recordAudit(tx, actor, {
      action: 'member.sign_out',
      objectType: 'user',
      objectId: userId,
      before: { sessions: open },
      after: { sessions: 0 },
    });
    return { ended: open };
  });
}
