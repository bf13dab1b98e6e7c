import { eq } from 'drizzle-orm';
import { holds } from '~/features/admin/capabilities';
import type { Executor } from '~/server/db';
import { contactMessages, users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { lockSupportMessage } from './support-message';

/**
 * Gives a contact message to a support member (the caller or another one holding `support`), or to nobody
 * (`assigneeId` undefined). Someone who does not hold `support` is refused on `assignee_id` (422). Audited.
 */
export async function assignSupportMessage(
  db: Executor,
  actor: StaffActor,
  id: number,
  assigneeId: number | undefined,
): Promise<{ assigned_to: number | null }> {
  requireCapability(actor, 'support');
  return db.transaction(async (tx) => {
    const message = await lockSupportMessage(tx, id);
    if (assigneeId !== undefined) {
      const [assignee] = await tx.select({ role: users.role }).from(users).where(eq(users.id, assigneeId));
      if (!assignee || !holds(assignee, 'support'))
        throw new AppError('validation_failed', 'errors.validation_failed', {
          fields: { assignee_id: [{ key: 'admin.support_not_support_staff' }] },
        });
    }
    const assignedTo = assigneeId ?? null;
    await tx.update(contactMessages).set({ assignedTo }).where(eq(contactMessages.id, id));
    await recordAudit(tx, actor, {
      action: 'support.assign',
      objectType: 'contact_message',
      objectId: id,
      before: { assigned_to: message.assignedTo },
      after: { assigned_to: assignedTo },
    });
    return { assigned_to: assignedTo };
  });
}
