import { count, eq } from 'drizzle-orm';
import type { ContactStatus } from '~/features/contact/schema';
import type { Executor } from '~/server/db';
import { contactMessages, contactReplies } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { lockSupportMessage } from './support-message';

/**
 * Closes a contact message (`closed` true) or reopens a closed one: back to `answered` if an answer was sent, else
 * `new` (docs/backoffice.md "Support"). Closing a closed message or reopening an open one: 409. Audited.
 */
export async function setSupportMessageClosed(
  db: Executor,
  actor: StaffActor,
  id: number,
  closed: boolean,
): Promise<{ status: ContactStatus }> {
  requireCapability(actor, 'support');
  return db.transaction(async (tx) => {
    const message = await lockSupportMessage(tx, id);
    if (closed === (message.status === 'closed'))
      throw new AppError('conflict', closed ? 'admin.support_already_closed' : 'admin.support_not_closed');
    let status: ContactStatus = 'closed';
    if (!closed) {
      const [{ n }] = await tx.select({ n: count() }).from(contactReplies).where(eq(contactReplies.messageId, id));
      status = Number(n) > 0 ? 'answered' : 'new';
    }
    await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, id));
    await recordAudit(tx, actor, {
      action: closed ? 'support.close' : 'support.reopen',
      objectType: 'contact_message',
      objectId: id,
      before: { status: message.status },
      after: { status },
    });
    return { status };
  });
}
