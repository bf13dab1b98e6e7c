import { and, eq, gt, isNull } from 'drizzle-orm';
import { localizePath } from '~/i18n/paths';
import type { Executor } from '~/server/db';
import { emailTokens, users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { AppError } from '~/server/errors';
import { queueMail } from '~/server/mail';
import { emailConfirmationMail, passwordResetMail } from '~/server/mail/templates';
import { consumeLimit } from '~/server/security/rate-limit';
import { hashPassword, hashToken, randomToken } from './secrets';
import { revokeUserSessions } from './sessions';
import { type UserRow, userLocale } from './users';

const CONFIRM_TTL = 48 * 3600_000;
const RESET_TTL = 3600_000;

async function issueToken(
  db: Executor,
  user: UserRow,
  purpose: 'verify_email' | 'reset_password',
  ttl: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + ttl);
  await db.insert(emailTokens).values({
    userId: user.id,
    purpose,
    tokenHash: hashToken(token),
    email: user.email!,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * E-mails a confirmation link (valid 48 hours) to the user's address, in the user's language: the link and its mail
 * are written together (the mail is not sent once the link has expired).
 */
export async function sendEmailConfirmation(db: Executor, user: UserRow): Promise<void> {
  const email = user.email;
  if (!email || user.emailVerifiedAt) return;
  await db.transaction(async (tx) => {
    const { token, expiresAt } = await issueToken(tx, user, 'verify_email', CONFIRM_TTL);
    const locale = userLocale(user);
    const url = `${getEnv().publicUrl}${localizePath('/user/confirm-email', locale)}?token=${token}`;
    await queueMail(tx, emailConfirmationMail(locale, email, user.firstName, url), { expiresAt });
  });
}

/** `POST /user/resend-email-confirmation`: the link again (5 an hour), unless the address is already confirmed. */
export async function resendEmailConfirmation(db: Executor, userId: number): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.email || user.emailVerifiedAt) throw new AppError('conflict', 'accounts.email_already_confirmed');
  await consumeLimit('emailResend', `user:${userId}`);
  await sendEmailConfirmation(db, user);
}

/** Follows a confirmation link: the address it was sent to becomes confirmed (if it is still the user's). */
export async function confirmEmail(db: Executor, token: string): Promise<{ userId: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailTokens)
      .where(
        and(
          eq(emailTokens.tokenHash, hashToken(token)),
          eq(emailTokens.purpose, 'verify_email'),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, new Date()),
        ),
      );
    if (!row) throw new AppError('bad_request', 'accounts.link_invalid');
    await tx.update(emailTokens).set({ usedAt: new Date() }).where(eq(emailTokens.id, row.id));
    const confirmed = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, row.userId), eq(users.email, row.email)))
      .returning({ id: users.id });
    // The address changed since the link was sent: this link confirms nothing any more.
    if (confirmed.length === 0) throw new AppError('bad_request', 'accounts.link_invalid');
    return { userId: row.userId };
  });
}

/**
 * Sends a single-use reset link valid one hour — when the address belongs to an account. The caller answers
 * the same either way, so the form does not reveal who has an account.
 */
export async function requestPasswordReset(db: Executor, email: string, ip: string): Promise<void> {
  await consumeLimit('resetIp', ip);
  await consumeLimit('resetEmail', email);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  await db.transaction(async (tx) => {
    const { token, expiresAt } = await issueToken(tx, user, 'reset_password', RESET_TTL);
    const locale = userLocale(user);
    const url = `${getEnv().publicUrl}${localizePath('/signin/reset-password', locale)}?token=${token}`;
    await queueMail(tx, passwordResetMail(locale, user.email!, user.firstName, url), { expiresAt });
  });
}

/** Spends every unused reset link of a user: after a reset, a password change or an e-mail change. */
export async function invalidateResetLinks(db: Executor, userId: number): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'reset_password'), isNull(emailTokens.usedAt)));
}

/**
 * Sets a new password from a reset link: the link must be the latest kind of proof (unused, within the hour,
 * sent to the account's current address). Every session and every other reset link of the account ends.
 */
export async function resetPassword(db: Executor, token: string, password: string, ip: string): Promise<void> {
  await consumeLimit('resetCheckIp', ip);
  const invalid = () =>
    new AppError('bad_request', 'accounts.link_invalid', { fields: { token: [{ key: 'accounts.link_invalid' }] } });
  const [row] = await db
    .select({ id: emailTokens.id, userId: emailTokens.userId })
    .from(emailTokens)
    .innerJoin(users, and(eq(users.id, emailTokens.userId), eq(users.email, emailTokens.email)))
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, 'reset_password'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    );
  if (!row) throw invalid();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const spent = await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
      .returning({ id: emailTokens.id });
    if (spent.length === 0) throw invalid();
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId));
    await invalidateResetLinks(tx, row.userId);
    await revokeUserSessions(tx, row.userId);
  });
}
