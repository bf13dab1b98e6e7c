import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { lots, users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from './access';
import { recordAudit } from './record-audit';

/**
 * Unblocks a member (docs/backoffice.md "Members"): they may sign in again and their lots are back on the market
 * (those a moderator hid stay hidden). Not blocked: 409.
 */
export async function unblockAccount(db: Executor, actor: StaffActor, userId: number, input: { note?: string } = {}) {
  requireCapability(actor, 'block');
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('not_found', 'errors.not_found');
    if (!user.blockedAt) throw new AppError('conflict', 'admin.not_blocked');
    await tx
      .update(users)
      .set({ blockedAt: null, blockedReason: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await tx.update(lots).set({ ownerBlockedAt: null }).where(eq(lots.userId, userId));
    await recordAudit(tx, actor, {
      action: 'member.unblock',
      objectType: 'user',
      objectId: userId,
      before: { blocked: true, reason: user.blockedReason },
      after: { blocked: false },
      note: input.note ?? null,
    });
  });
}
