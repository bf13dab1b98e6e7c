import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { lots, moderationReports } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { notifyLotOwner } from './notify-lot-owner';

/**
 * Hides a lot (docs/backoffice.md "Moderation"): it leaves catalogues, search, the sitemap and maps, and its page
 * answers 404 to all but its owner, who sees the reason and may appeal once. Every open report of the lot is closed
 * with outcome `hidden`; the owner is e-mailed in their language. Hidden already: 409 `moderation.already_hidden`.
 */
export async function hideLot(
  db: Executor,
  actor: StaffActor,
  input: { lotId: number; reason: string },
): Promise<{ closed_reports: number }> {
  requireCapability(actor, 'moderation');
  const closed = await db.transaction(async (tx) => {
    const [lot] = await tx.select().from(lots).where(eq(lots.id, input.lotId)).for('update');
    if (!lot) throw new AppError('not_found', 'lots.not_found');
    if (lot.hiddenAt) throw new AppError('conflict', 'moderation.already_hidden');
    const now = new Date();
    // A new hiding opens a new appeal: what an earlier hiding's appeal came to stays in the audit trail.
    await tx
      .update(lots)
      .set({
        hiddenAt: now,
        hiddenReason: input.reason,
        hiddenBy: actor.id,
        appealText: null,
        appealedAt: null,
        appealOutcome: null,
        appealDecidedAt: null,
      })
      .where(eq(lots.id, lot.id));
    const reports = await tx
      .update(moderationReports)
      .set({ status: 'closed', outcome: 'hidden', decidedBy: actor.id, decidedAt: now })
      .where(and(eq(moderationReports.lotId, lot.id), eq(moderationReports.status, 'open')))
      .returning({ id: moderationReports.id });
    await recordAudit(tx, actor, {
      action: 'lot.hide',
      objectType: 'lot',
      objectId: lot.id,
      before: { hidden: false },
      after: { hidden: true, reason: input.reason, closed_reports: reports.map((r) => r.id) },
      note: input.reason,
    });
    await notifyLotOwner(tx, lot.id, 'hidden', input.reason);
    return reports.length;
  });
  return { closed_reports: closed };
}
