import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatReports, moderationReports, users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { blockAccount } from '~/server/services/admin/block-account';
import { recordAudit } from '~/server/services/admin/record-audit';
import { reportTable } from './dismiss-report';

/**
 * Blocks the member a report is about (docs/backoffice.md "Moderation"): blockAccount (signed out, lots off the
 * market), then every open report about them — lots, profile and chat — is closed with outcome `blocked`.
 * Unknown report: 404; closed already, or about nobody: 409; staff or blocked already: blockAccount's 409.
 */
export async function blockReportedMember(
  db: Executor,
  actor: StaffActor,
  input: { source: 'report' | 'chat'; reportId: number; reason: string },
): Promise<{ user_id: number; closed_reports: number }> {
  requireCapability(actor, 'moderation');
  const table = reportTable(input.source);
  return db.transaction(async (tx) => {
    const [report] = await tx.select().from(table).where(eq(table.id, input.reportId)).for('update');
    if (!report) throw new AppError('not_found', 'errors.not_found');
    if (report.status !== 'open' || report.reportedUserId === null)
      throw new AppError('conflict', 'moderation.report_closed');
    const userId = report.reportedUserId;
    // Blocked already (from their page, or another report): the queue's block just closes what is still open.
    const [member] = await tx.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId));
    if (!member?.blockedAt) await blockAccount(tx, actor, userId, { reason: input.reason });
    const now = new Date();
    const decided = { status: 'closed' as const, outcome: 'blocked' as const, decidedBy: actor.id, decidedAt: now };
    const closed = [
      ...(await tx
        .update(moderationReports)
        .set(decided)
        .where(and(eq(moderationReports.reportedUserId, userId), eq(moderationReports.status, 'open')))
        .returning({ id: moderationReports.id })),
      ...(await tx
        .update(chatReports)
        .set(decided)
        .where(and(eq(chatReports.reportedUserId, userId), eq(chatReports.status, 'open')))
        .returning({ id: chatReports.id })),
    ];
    await recordAudit(tx, actor, {
      action: 'report.block',
      objectType: input.source === 'report' ? 'moderation_report' : 'chat_report',
      objectId: report.id,
      before: { status: 'open' },
      after: { status: 'closed', outcome: 'blocked', user_id: userId, closed_reports: closed.length },
      note: input.reason,
    });
    return { user_id: userId, closed_reports: closed.length };
  });
}
