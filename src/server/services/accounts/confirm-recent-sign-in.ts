import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { sessions } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { AppError } from '~/server/errors';
import { consumeLimit, resetLimit } from '~/server/security/rate-limit';
import { verifyPassword } from './secrets';
import { findUserById, type SessionUser } from './users';

/**
 * Money leaving the wallet needs a recent sign-in (docs/wallet.md "Payouts"): the current session created within
 * PAYOUT_RECENT_SIGN_IN_MINUTES, or the member's password given again. Without either: 403
 * `wallet.recent_sign_in_required`; a wrong password: 403 with the password field marked. Password attempts count
 * like a password change's (per account), so a stolen session cannot guess it.
 */
export async function confirmRecentSignIn(db: Executor, user: SessionUser, password?: string): Promise<void> {
  const [session] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, user.sessionId));
  const windowMs = getEnv().PAYOUT_RECENT_SIGN_IN_MINUTES * 60_000;
  if (session && Date.now() - session.createdAt.getTime() <= windowMs) return;
  if (!password) throw new AppError('wallet.recent_sign_in_required', 'wallet.recent_sign_in_required');
  await consumeLimit('passwordCheck', `user:${user.id}`);
  const row = await findUserById(db, user.id);
  if (!row || !(await verifyPassword(row.passwordHash, password)))
    throw new AppError('wallet.recent_sign_in_required', 'wallet.recent_sign_in_required', {
      fields: { password: [{ key: 'accounts.current_password_wrong' }] },
    });
  await resetLimit('passwordCheck', `user:${user.id}`);
}
