import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { sendEmailConfirmation } from '~/server/services/accounts/email-confirmation';
import { type StaffActor, requireCapability } from './access';
import { recordAudit } from './record-audit';

/**
 * Sends a member the e-mail confirmation link again (docs/backoffice.md "Members"), in their language. No address or
 * confirmed already: 409. Capability `accounts`; audit `member.resend_confirmation`.
 */
export async function resendMemberConfirmation(db: Executor, actor: StaffActor, userId: number): Promise<void> {
  requireCapability(actor, 'accounts');
  const user = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('not_found', 'errors.not_found');
    if (!user.email || user.emailVerifiedAt) throw new AppError('conflict', 'accounts.email_already_confirmed');
    await recordAudit(tx, actor, {
      action: 'member.resend_confirmation',
      objectType: 'user',
      objectId: userId,
      before: { email: user.email, email_verified: false },
      after: { email: user.email, email_verified: false, link_sent: true },
    });
    return user;
  });
  // After the commit: the mail outbox is written through its own connection.
  await sendEmailConfirmation(db, user);
}
