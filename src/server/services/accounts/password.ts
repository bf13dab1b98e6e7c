import { eq } from 'drizzle-orm';
import type { Database } from '~/server/db';
import { consumeLimit, resetLimit } from '~/server/security/rate-limit';
import { invalidateResetLinks } from './email-confirmation';
import { users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { hashPassword, verifyPassword } from './secrets';
import { revokeUserSessions } from './sessions';
import { findUserById } from './users';

/** Changes the password when the current one is right; every other session of the account ends. */
export async function changePassword(
  db: Database,
  userId: number,
  sessionId: number,
  currentPassword: string,
  nextPassword: string,
): Promise<void> {
  // Guessing the current password with a stolen session is limited like logins.
  await consumeLimit('passwordCheck', `user:${userId}`);
  const user = await findUserById(db, userId);
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { current_password: [{ key: 'accounts.current_password_wrong' }] },
    });
  }
  const passwordHash = await hashPassword(nextPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await invalidateResetLinks(tx, userId);
    await revokeUserSessions(tx, userId, sessionId);
  });
  await resetLimit('passwordCheck', `user:${userId}`);
}
