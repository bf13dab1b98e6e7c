import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { contactMessages, contactReplies } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { AppError } from '~/server/errors';
import { queueMail } from '~/server/mail';
import { contactAnswerMail } from '~/server/mail/templates';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { topicLabel } from '~/server/services/contact/topic-label';
import { lockSupportMessage } from './support-message';

/**
 * Answers a contact message by e-mail (docs/backoffice.md "Support"): the answer is kept (contact_replies), the
 * message becomes `answered` (and is assigned to the one who answers when it had nobody), the action is audited,
 * and the mail, in the language the person wrote from, is queued in the same transaction (the outbox delivers it,
 * retrying while the mail server fails). A message without an e-mail (phone only) or a closed one: 409. `mailed`
 * is true once the mail is queued (kept in the API's answer).
 */
export async function answerSupportMessage(
  db: Executor,
  actor: StaffActor,
  id: number,
  body: string,
): Promise<{ reply_id: number; mailed: boolean }> {
  requireCapability(actor, 'support');
  const reply = await db.transaction(async (tx) => {
    const message = await lockSupportMessage(tx, id);
    if (!message.email) throw new AppError('conflict', 'admin.support_no_email');
    if (message.status === 'closed') throw new AppError('conflict', 'admin.support_closed');
    const [reply] = await tx
      .insert(contactReplies)
      .values({ messageId: id, authorId: actor.id, body })
      .returning({ id: contactReplies.id });
    await tx
      .update(contactMessages)
      .set({ status: 'answered', assignedTo: message.assignedTo ?? actor.id })
      .where(eq(contactMessages.id, id));
    await recordAudit(tx, actor, {
      action: 'support.answer',
      objectType: 'contact_message',
      objectId: id,
      before: { status: message.status },
      after: { status: 'answered', reply_id: reply.id },
    });
    await queueMail(
      tx,
      contactAnswerMail(message.locale, message.email, message.name, {
        topic: topicLabel(message.topic),
        id,
        answer: body,
        replyTo: getEnv().SUPPORT_EMAIL || undefined,
      }),
    );
    return reply;
  });
  return { reply_id: reply.id, mailed: true };
}
