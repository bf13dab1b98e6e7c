import { and, eq } from 'drizzle-orm';
import type { Database } from '~/server/db';
import { consumeLimit, resetLimit } from '~/server/security/rate-limit';
import { invalidateResetLinks } from './email-confirmation';
import { users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { isRecentSignIn } from './confirm-recent-sign-in';
import { hasPassword, hashPassword, verifyPassword } from './secrets';
import { revokeUserSessions } from './sessions';
import { findUserById } from './users';

const currentPasswordError = (key: 'validation.required' | 'accounts.current_password_wrong') =>
  new AppError('validation_failed', 'errors.validation_failed', { fields: { current_password: [{ key }] } });

/**
 * Changes the password when the current one is right; every other session of the account ends. An account without a
 * password (made on a feature phone, secrets.ts NO_PASSWORD) sets its first one with no current password, but only
 * from a recent sign-in (isRecentSignIn): an older session answers 403 `accounts.recent_sign_in_required`, so a
 * session left open on a shared phone cannot give the account a password someone else knows.
 */
export async function changePassword(
  db: Database,
  userId: number,
  sessionId: number,
  currentPassword: string | undefined,
  nextPassword: string,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw currentPasswordError('accounts.current_password_wrong');
  const isFirstPassword = !hasPassword(user.passwordHash);
  if (isFirstPassword) {
    if (!(await isRecentSignIn(db, sessionId)))
      throw new AppError('accounts.recent_sign_in_required', 'accounts.recent_sign_in_required');
  } else {
    if (!currentPassword) throw currentPasswordError('validation.required');
    // Guessing the current password with a stolen session is limited like logins.
    await consumeLimit('passwordCheck', `user:${userId}`);
    if (!(await verifyPassword(user.passwordHash, currentPassword)))
      throw currentPasswordError('accounts.current_password_wrong');
  }
  const passwordHash = await hashPassword(nextPassword);
  await db.transaction(async (tx) => {
    // Only over the hash just checked: a password set meanwhile (another tab, a reset link) is not overwritten.
    const changed = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.passwordHash, user.passwordHash)))
      .returning({ id: users.id });
    if (changed.length === 0) throw currentPasswordError('validation.required');
    await invalidateResetLinks(tx, userId);
    await revokeUserSessions(tx, userId, sessionId);
  });
  if (!isFirstPassword) await resetLimit('passwordCheck', `user:${userId}`);
}
