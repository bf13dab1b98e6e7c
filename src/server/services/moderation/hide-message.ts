import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatMessages, chatReports } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';

/**
 * Hides a chat message (docs/backoffice.md "Moderation"): both members then see it as removed by moderation, with
 * the reason, and neither its text nor its photo. Every open report of the message is closed with outcome `hidden`.
 * Unknown message: 404; a deal's system line, or hidden already: 409.
 */
export async function hideMessage(
  db: Executor,
  actor: StaffActor,
  input: { messageId: number; reason: string },
): Promise<{ closed_reports: number }> {
  requireCapability(actor, 'moderation');
  return db.transaction(async (tx) => {
    const [message] = await tx.select().from(chatMessages).where(eq(chatMessages.id, input.messageId)).for('update');
    if (!message) throw new AppError('not_found', 'chat.message_not_found');
    if (message.createdBy === null) throw new AppError('conflict', 'errors.conflict');
    if (message.hiddenAt) throw new AppError('conflict', 'moderation.already_hidden');
    const now = new Date();
    await tx
      .update(chatMessages)
      .set({ hiddenAt: now, hiddenReason: input.reason })
      .where(eq(chatMessages.id, message.id));
    const reports = await tx
      .update(chatReports)
      .set({ status: 'closed', outcome: 'hidden', decidedBy: actor.id, decidedAt: now })
      .where(and(eq(chatReports.messageId, message.id), eq(chatReports.status, 'open')))
      .returning({ id: chatReports.id });
    await recordAudit(tx, actor, {
      action: 'chat_message.hide',
      objectType: 'chat_message',
      objectId: message.id,
      before: { hidden: false },
      after: { hidden: true, reason: input.reason, closed_reports: reports.map((r) => r.id) },
      note: input.reason,
    });
    return { closed_reports: reports.length };
  });
}
