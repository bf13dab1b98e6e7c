import { and, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import { toGsm7 } from '~/features/channels/gsm7';
import { localizePath } from '~/i18n/paths';
import { createTranslator } from '~/i18n/t';
import type { Executor } from '~/server/db';
import { emailTokens, users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { AppError } from '~/server/errors';
import { queueMail } from '~/server/mail';
import { emailConfirmationMail, passwordResetMail } from '~/server/mail/templates';
import { consumeLimit } from '~/server/security/rate-limit';
import { queueSms } from '~/server/sms';
import { hashPassword, hashToken, randomToken } from './secrets';
import { revokeUserSessions } from './sessions';
import { type UserRow, userLocale } from './users';

const CONFIRM_TTL = 48 * 3600_000;
const RESET_TTL = 3600_000;

/** `sentTo`: the e-mail address the link goes to, or (a reset by SMS) the phone number, E.164. */
async function issueToken(
  db: Executor,
  user: UserRow,
  purpose: 'verify_email' | 'reset_password',
  ttl: number,
  sentTo: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + ttl);
  await db.insert(emailTokens).values({
    userId: user.id,
    purpose,
    tokenHash: hashToken(token),
    email: sentTo,
    expiresAt,
  });
  return { token, expiresAt };
}

const resetLink = (user: UserRow, token: string) =>
  `${getEnv().publicUrl}${localizePath('/signin/reset-password', userLocale(user))}?token=${token}`;

/**
 * E-mails a confirmation link (valid 48 hours) to the user's address, in the user's language: the link and its mail
 * are written together (the mail is not sent once the link has expired).
 */
export async function sendEmailConfirmation(db: Executor, user: UserRow): Promise<void> {
  const email = user.email;
  if (!email || user.emailVerifiedAt) return;
  await db.transaction(async (tx) => {
    const { token, expiresAt } = await issueToken(tx, user, 'verify_email', CONFIRM_TTL, email);
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
 * Sends a single-use reset link valid one hour — by e-mail when `emailOrPhone` is an address of an account, by SMS
 * when it is a phone number (E.164, as requestResetSchema makes it) an account has *confirmed*. The caller answers
 * the same either way, so the form does not reveal who has an account; every request counts against the limits
 * before the account is looked up, for the same reason.
 */
export async function requestPasswordReset(db: Executor, emailOrPhone: string, ip: string): Promise<void> {
  await consumeLimit('resetIp', ip);
  if (!emailOrPhone.includes('@')) return requestPasswordResetBySms(db, emailOrPhone);
  const email = emailOrPhone;
  await consumeLimit('resetEmail', email);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  await db.transaction(async (tx) => {
    const { token, expiresAt } = await issueToken(tx, user, 'reset_password', RESET_TTL, email);
    await queueMail(tx, passwordResetMail(userLocale(user), email, user.firstName, resetLink(user, token)), {
      expiresAt,
    });
  });
}

/**
 * The reset link by SMS (docs/auth.md "Password reset by SMS"): the way a member whose account was made on a feature
 * phone (no e-mail, no password) gets a site password. The link is the e-mail's kind — single use, one hour, spent
 * once the number is no longer the account's confirmed one — and its SMS is written with it, expiring with it, in
 * the member's language and the GSM-7 alphabet (one SMS). The per-number limits sit beside the PIN ones: each SMS
 * costs money.
 */
async function requestPasswordResetBySms(db: Executor, phone: string): Promise<void> {
  await consumeLimit('resetPhone', phone);
  await consumeLimit('resetPhoneDay', phone);
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt)));
  if (!user) return;
  await db.transaction(async (tx) => {
    const { token, expiresAt } = await issueToken(tx, user, 'reset_password', RESET_TTL, phone);
    const text = createTranslator(userLocale(user))('accounts.reset_sms', { url: resetLink(user, token) });
    await queueSms(tx, phone, toGsm7(text), { expiresAt, userId: user.id });
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
 * sent to the account's current address, or by SMS to its current confirmed phone). Every session and every other
 * reset link of the account ends. This is also how an account without a password gets its first one.
 */
export async function resetPassword(db: Executor, token: string, password: string, ip: string): Promise<void> {
  await consumeLimit('resetCheckIp', ip);
  const invalid = () =>
    new AppError('bad_request', 'accounts.link_invalid', { fields: { token: [{ key: 'accounts.link_invalid' }] } });
  const [row] = await db
    .select({ id: emailTokens.id, userId: emailTokens.userId })
    .from(emailTokens)
    .innerJoin(
      users,
      and(
        eq(users.id, emailTokens.userId),
        or(
          eq(users.email, emailTokens.email),
          // A link sent by SMS names the phone number (no e-mail address is written in E.164).
          and(eq(users.phone, emailTokens.email), isNotNull(users.phoneVerifiedAt)),
        ),
      ),
    )
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
