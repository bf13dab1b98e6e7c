import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { lots } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/**
 * The owner's appeal against the hiding of their lot (`POST /api-v2/moderation/appeal`, docs/backoffice.md
 * "Moderation"): once per hiding. It joins the moderation queue. Not the owner's lot, or no such lot: 404; a lot
 * that is not hidden: 409 `moderation.not_hidden`; appealed already: 409 `moderation.already_appealed`.
 */
export async function appealLot(
  db: Executor,
  ownerId: number,
  input: { lotId: number; text: string },
): Promise<{ appealed_at: string }> {
  return db.transaction(async (tx) => {
    const [lot] = await tx.select().from(lots).where(eq(lots.id, input.lotId)).for('update');
    if (!lot || lot.userId !== ownerId) throw new AppError('not_found', 'lots.not_found');
    if (!lot.hiddenAt) throw new AppError('conflict', 'moderation.not_hidden');
    if (lot.appealedAt) throw new AppError('conflict', 'moderation.already_appealed');
    const now = new Date();
    await tx.update(lots).set({ appealText: input.text, appealedAt: now }).where(eq(lots.id, lot.id));
    return { appealed_at: now.toISOString() };
  });
}
