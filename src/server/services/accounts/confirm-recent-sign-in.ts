import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { sessions } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { AppError } from '~/server/errors';
import { consumeLimit, resetLimit } from '~/server/security/rate-limit';
import { verifyPassword } from './secrets';
import { findUserById, type SessionUser } from './users';

/**
 * Whether the session was opened within PAYOUT_RECENT_SIGN_IN_MINUTES: a sign-in that recent proves the person as
 * well as a password would (payouts, below; the first password or e-mail of an account without a password).
 */
export async function isRecentSignIn(db: Executor, sessionId: number): Promise<boolean> {
  const [session] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId));
  const windowMs = getEnv().PAYOUT_RECENT_SIGN_IN_MINUTES * 60_000;
  return !!session && Date.now() - session.createdAt.getTime() <= windowMs;
}

/**
 * Money leaving the wallet needs a recent sign-in (docs/wallet.md "Payouts"): the current session created within
 * PAYOUT_RECENT_SIGN_IN_MINUTES, or the member's password given again. Without either: 403
 * `wallet.recent_sign_in_required`; a wrong password: 403 with the password field marked. Password attempts count
 * like a password change's (per account), so a stolen session cannot guess it.
 */
export async function confirmRecentSignIn(db: Executor, user: SessionUser, password?: string): Promise<void> {
  if (await isRecentSignIn(db, user.sessionId)) return;
  if (!password) throw new AppError('wallet.recent_sign_in_required', 'wallet.recent_sign_in_required');
  await consumeLimit('passwordCheck', `user:${user.id}`);
  const row = await findUserById(db, user.id);
  if (!row || !(await verifyPassword(row.passwordHash, password)))
    throw new AppError('wallet.recent_sign_in_required', 'wallet.recent_sign_in_required', {
      fields: { password: [{ key: 'accounts.current_password_wrong' }] },
    });
  await resetLimit('passwordCheck', `user:${user.id}`);
}
