import { and, eq, or } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatBlocks } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/** Whether `userId` blocked `otherId`, and the other way round (docs/chat.md "Blocks"). */
export async function blockState(db: Executor, userId: number, otherId: number) {
  const rows = await db
    .select({ blockerId: chatBlocks.blockerId })
    .from(chatBlocks)
    .where(
      or(
        and(eq(chatBlocks.blockerId, userId), eq(chatBlocks.blockedId, otherId)),
        and(eq(chatBlocks.blockerId, otherId), eq(chatBlocks.blockedId, userId)),
      ),
    );
  return {
    by_me: rows.some((row) => row.blockerId === userId),
    by_other: rows.some((row) => row.blockerId === otherId),
  };
}

/**
 * Refuses a new message or room between two members when either blocked the other: 409 `chat.blocked`, told
 * politely (the one blocked reads that the member does not take messages; the blocker, that they blocked them).
 */
export async function assertNotBlocked(db: Executor, userId: number, otherId: number): Promise<void> {
  const state = await blockState(db, userId, otherId);
  if (state.by_me) throw new AppError('conflict', 'chat.blocked_by_you');
  if (state.by_other) throw new AppError('conflict', 'chat.blocked');
}
