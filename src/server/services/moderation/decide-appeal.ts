import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { lots } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { notifyLotOwner } from './notify-lot-owner';

/**
 * Decides an owner's appeal (docs/backoffice.md "Moderation"): `restore` clears the hiding (the lot is back on the
 * market if its status is) with outcome `restored`; `uphold` keeps it hidden with outcome `upheld`. The owner is
 * e-mailed either way. Unknown lot: 404; no appeal waiting: 409 `moderation.no_appeal`.
 */
export async function decideAppeal(
  db: Executor,
  actor: StaffActor,
  input: { lotId: number; decision: 'restore' | 'uphold'; note?: string },
): Promise<{ outcome: 'restored' | 'upheld' }> {
  requireCapability(actor, 'moderation');
  const outcome = input.decision === 'restore' ? 'restored' : 'upheld';
  await db.transaction(async (tx) => {
    const [lot] = await tx.select().from(lots).where(eq(lots.id, input.lotId)).for('update');
    if (!lot) throw new AppError('not_found', 'lots.not_found');
    if (!lot.hiddenAt || !lot.appealedAt || lot.appealOutcome) throw new AppError('conflict', 'moderation.no_appeal');
    const now = new Date();
    await tx
      .update(lots)
      .set(
        outcome === 'restored'
          ? { hiddenAt: null, hiddenReason: null, hiddenBy: null, appealOutcome: outcome, appealDecidedAt: now }
          : { appealOutcome: outcome, appealDecidedAt: now },
      )
      .where(eq(lots.id, lot.id));
    await recordAudit(tx, actor, {
      action: outcome === 'restored' ? 'lot.restore' : 'lot.uphold',
      objectType: 'lot',
      objectId: lot.id,
      before: { hidden: true, reason: lot.hiddenReason, appeal: lot.appealText },
      after: { hidden: outcome === 'upheld', appeal_outcome: outcome },
      note: input.note ?? null,
    });
    await notifyLotOwner(tx, lot.id, outcome, input.note ?? null);
  });
  return { outcome };
}
