import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatReports, moderationReports } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';

/** The table of a report: `report` (lots and profiles) or `chat` (messages and rooms). */
export function reportTable(source: 'report' | 'chat') {
  return source === 'report' ? moderationReports : chatReports;
}

/**
 * Dismisses a report (docs/backoffice.md "Moderation"): closed with outcome `dismissed`, nothing else changes.
 * Unknown report: 404; closed already: 409 `moderation.report_closed`.
 */
export async function dismissReport(
  db: Executor,
  actor: StaffActor,
  input: { source: 'report' | 'chat'; reportId: number; note?: string },
): Promise<void> {
  requireCapability(actor, 'moderation');
  const table = reportTable(input.source);
  await db.transaction(async (tx) => {
    const [report] = await tx.select().from(table).where(eq(table.id, input.reportId)).for('update');
    if (!report) throw new AppError('not_found', 'errors.not_found');
    if (report.status !== 'open') throw new AppError('conflict', 'moderation.report_closed');
    const now = new Date();
    await tx
      .update(table)
      .set({ status: 'closed', outcome: 'dismissed', decidedBy: actor.id, decidedAt: now })
      .where(eq(table.id, report.id));
    await recordAudit(tx, actor, {
      action: 'report.dismiss',
      objectType: input.source === 'report' ? 'moderation_report' : 'chat_report',
      objectId: report.id,
      before: { status: 'open' },
      after: { status: 'closed', outcome: 'dismissed' },
      note: input.note ?? null,
    });
  });
}
