import { asc, eq, inArray } from 'drizzle-orm';
import { STAFF_CAPABILITIES } from '~/features/admin/capabilities';
import type { Executor } from '~/server/db';
import { contactMessages, contactReplies, users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';

/**
 * One contact message for support (docs/backoffice.md "Support"): the message, the answers sent from the back
 * office (oldest first, with who wrote them), who it is assigned to, and the support members it may be given to.
 */
export async function readSupportMessage(db: Executor, actor: StaffActor, id: number) {
  requireCapability(actor, 'support');
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!message) throw new AppError('not_found', 'errors.not_found');
  const [replies, staff] = await Promise.all([
    db
      .select({
        id: contactReplies.id,
        body: contactReplies.body,
        created_at: contactReplies.createdAt,
        author_id: contactReplies.authorId,
        author_email: users.email,
      })
      .from(contactReplies)
      .leftJoin(users, eq(users.id, contactReplies.authorId))
      .where(eq(contactReplies.messageId, id))
      .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id)),
    db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.role, [...STAFF_CAPABILITIES.support]))
      .orderBy(asc(users.email)),
  ]);
  return {
    message: {
      id: message.id,
      name: message.name,
      email: message.email,
      phone: message.phone,
      topic: message.topic,
      message: message.message,
      locale: message.locale,
      user_id: message.userId,
      status: message.status,
      assigned_to: message.assignedTo,
      created_at: message.createdAt.toISOString(),
    },
    replies: replies.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    support_staff: staff,
  };
}
