import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { lots, users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { revokeUserSessions } from '~/server/services/accounts/sessions';
import { type StaffActor, requireCapability } from './access';
import { recordAudit } from './record-audit';

/**
 * Blocks a member (docs/backoffice.md "Members"): they are signed out everywhere and cannot sign in again, so they
 * cannot publish; their lots leave the market (catalogues, search, sitemap, maps) while their deals go on. Staff
 * cannot be blocked (take the role away first) and nobody blocks themselves: 409. Already blocked: 409.
 */
export async function blockAccount(
  db: Executor,
  actor: StaffActor,
  userId: number,
  input: { reason: string },
): Promise<void> {
  requireCapability(actor, 'block');
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('not_found', 'errors.not_found');
    if (user.role !== 'user' || user.id === actor.id) throw new AppError('conflict', 'admin.cannot_block_staff');
    if (user.blockedAt) throw new AppError('conflict', 'admin.already_blocked');
    const now = new Date();
    await tx
      .update(users)
      .set({ blockedAt: now, blockedReason: input.reason, updatedAt: now })
      .where(eq(users.id, userId));
    await tx.update(lots).set({ ownerBlockedAt: now }).where(eq(lots.userId, userId));
    await revokeUserSessions(tx, userId);
    await recordAudit(tx, actor, {
      action: 'member.block',
      objectType: 'user',
      objectId: userId,
      before: { blocked: false },
      after: { blocked: true, reason: input.reason },
      note: input.reason,
    });
  });
}
