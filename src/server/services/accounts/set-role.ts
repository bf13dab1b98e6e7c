import { eq } from 'drizzle-orm';
import { ROLES, type Role } from '~/features/accounts/constants';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { isStaffRole } from '~/features/admin/capabilities';
import type { StaffActor } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';

/**
 * Gives a member (by e-mail, or `{ userId }`) a role: `user` or a staff role — the administrators' decision, taken in
 * the back office (changeStaffRole, with step-up) or with `npm run admin -- set-role`. With an actor the change and
 * its audit row (`member.role`, before and after) commit together. The scope follows at the member's next request
 * (it is derived from the role, never stored). Answers the role the member had before.
 */
export async function setRole(
  db: Executor,
  target: string | { userId: number },
  role: Role,
  decision: { actor?: StaffActor | null; note?: string | null } = {},
): Promise<{ id: number; previous: Role }> {
  if (!ROLES.includes(role)) throw new AppError('validation_failed', 'errors.validation_failed');
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role, blockedAt: users.blockedAt })
      .from(users)
      .where(typeof target === 'string' ? eq(users.email, target.trim().toLowerCase()) : eq(users.id, target.userId))
      .for('update');
    if (!user) throw new AppError('not_found', 'errors.not_found');
    // Staff are never blocked (docs/backoffice.md "Members"): a blocked member is unblocked before any staff role.
    if (user.blockedAt && isStaffRole(role)) throw new AppError('conflict', 'admin.blocked_cannot_be_staff');
    if (user.role !== role) await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, user.id));
    if (decision.actor)
      await recordAudit(tx, decision.actor, {
        action: 'member.role',
        objectType: 'user',
        objectId: user.id,
        before: { role: user.role },
        after: { role },
        note: decision.note ?? null,
      });
    return { id: user.id, previous: user.role };
  });
}
