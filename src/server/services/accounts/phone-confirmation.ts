import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { PIN_LENGTH, PIN_MAX_ATTEMPTS, PIN_RESEND_SECONDS, PIN_TTL_MINUTES } from '~/features/accounts/constants';
import { normalizePhone } from '~/features/accounts/phone';
import type { Locale } from '~/i18n/config';
import { createTranslator } from '~/i18n/t';
import type { Executor } from '~/server/db';
import { phoneVerifications, users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { consumeLimit } from '~/server/security/rate-limit';
import { queueSms } from '~/server/sms';
import { hashToken, randomPin, randomToken } from './secrets';

function e164(phone: string): string {
  const normalized = normalizePhone(phone);
  if (!normalized)
    throw new AppError('validation_failed', 'accounts.phone_invalid', {
      fields: { phone: [{ key: 'accounts.phone_invalid' }] },
    });
  return normalized;
}

/**
 * Sends a 4-digit PIN by SMS. A new PIN can be asked for 60 s after the last one (429 with Retry-After before);
 * each phone and IP has an hourly limit on top. The PIN and its SMS are written in one transaction; the outbox
 * delivers the SMS, retrying while the provider fails, until the PIN expires (then it is a dead letter, never sent
 * late), so a failing provider does not fail the request.
 */
export async function sendPhonePin(
  db: Executor,
  rawPhone: string,
  locale: Locale,
  ip: string,
): Promise<{ resendAfter: number }> {
  const phone = e164(rawPhone);
  const [last] = await db
    .select()
    .from(phoneVerifications)
    .where(eq(phoneVerifications.phone, phone))
    .orderBy(desc(phoneVerifications.createdAt))
    .limit(1);
  if (last) {
    const wait = PIN_RESEND_SECONDS * 1000 - (Date.now() - last.createdAt.getTime());
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new AppError('rate_limited', 'accounts.pin_wait', {
        vars: { count: seconds },
        headers: { 'Retry-After': String(seconds) },
      });
    }
  }
  await consumeLimit('pinIp', ip);
  await consumeLimit('pinPhone', phone);
  await consumeLimit('pinPhoneDay', phone);
  const pin = randomPin(PIN_LENGTH);
  const expiresAt = new Date(Date.now() + PIN_TTL_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx.insert(phoneVerifications).values({ phone, pinHash: hashToken(`${phone}:${pin}`), expiresAt });
    await queueSms(tx, phone, createTranslator(locale)('accounts.pin_sms', { pin, count: PIN_TTL_MINUTES }), {
      expiresAt,
    });
  });
  return { resendAfter: PIN_RESEND_SECONDS };
}

/**
 * Checks a PIN against the latest one sent to the phone. Right: answers a single-use proof token that sign-up
 * or the profile presents. Wrong: says so, and after five wrong tries the PIN is spent.
 */
export async function verifyPhonePin(db: Executor, rawPhone: string, pin: string): Promise<{ phoneToken: string }> {
  const phone = e164(rawPhone);
  await consumeLimit('pinCheck', phone);
  const [current] = await db
    .select()
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.phone, phone),
        isNull(phoneVerifications.verifiedAt),
        gt(phoneVerifications.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(phoneVerifications.createdAt))
    .limit(1);
  const wrong = () =>
    new AppError('validation_failed', 'accounts.pin_wrong', { fields: { pin: [{ key: 'accounts.pin_wrong' }] } });
  if (!current) throw wrong();
  // Count the attempt atomically first: parallel guesses cannot get more than PIN_MAX_ATTEMPTS tries.
  const counted = await db
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(and(eq(phoneVerifications.id, current.id), lt(phoneVerifications.attempts, PIN_MAX_ATTEMPTS)))
    .returning({ id: phoneVerifications.id });
  if (counted.length === 0 || current.pinHash !== hashToken(`${phone}:${pin}`)) throw wrong();
  const phoneToken = randomToken();
  await db
    .update(phoneVerifications)
    .set({ verifiedAt: new Date(), proofHash: hashToken(phoneToken) })
    .where(eq(phoneVerifications.id, current.id));
  return { phoneToken };
}

/** Spends a proof token for `phone`; true when it was valid (verified within the last hour and unused). */
export async function consumePhoneProof(db: Executor, phone: string, phoneToken: string | undefined): Promise<boolean> {
  if (!phoneToken) return false;
  const spent = await db
    .update(phoneVerifications)
    .set({ proofUsedAt: new Date() })
    .where(
      and(
        eq(phoneVerifications.proofHash, hashToken(phoneToken)),
        eq(phoneVerifications.phone, phone),
        isNull(phoneVerifications.proofUsedAt),
        gt(phoneVerifications.verifiedAt, new Date(Date.now() - 3600_000)),
      ),
    )
    .returning({ id: phoneVerifications.id });
  return spent.length > 0;
}

/** A signed-in user confirms their own phone with a proof token. */
export async function confirmUserPhone(db: Executor, userId: number, phoneToken: string): Promise<void> {
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  if (!user?.phone || !(await consumePhoneProof(db, user.phone, phoneToken))) {
    throw new AppError('validation_failed', 'accounts.pin_wrong', { fields: { pin: [{ key: 'accounts.pin_wrong' }] } });
  }
  await db.update(users).set({ phoneVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
}
