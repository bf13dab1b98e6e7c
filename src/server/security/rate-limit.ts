import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '~/server/db';
import { getDb } from '~/server/db';
import { rateLimits } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { MessageKey } from '~/i18n/t';

/**
 * Limits on abuse-prone actions, counted in the database so they hold across processes
 * (rate-limiter-flexible's Drizzle store works on PGlite and PostgreSQL alike). Blocks expire by themselves:
 * there is no permanent lock-out.
 */
export const RATE_LIMITS = {
  loginAccount: { points: 10, duration: 15 * 60 },
  loginIp: { points: 60, duration: 15 * 60 },
  /**
   * Sign-ups per client address: mobile operators put many phones behind one address, and a cooperative's field
   * officer signs up a village's farmers from one hotspot; the bot check is the guard against scripts.
   */
  signupIp: { points: 30, duration: 60 * 60 },
  pinPhone: { points: 5, duration: 60 * 60 },
  pinPhoneDay: { points: 10, duration: 24 * 60 * 60 },
  pinIp: { points: 20, duration: 60 * 60 },
  pinCheck: { points: 10, duration: 15 * 60 },
  resetEmail: { points: 5, duration: 60 * 60 },
  /** Reset links by SMS per phone number (each SMS costs money): like the phone PINs, an hourly and a daily cap. */
  resetPhone: { points: 3, duration: 60 * 60 },
  resetPhoneDay: { points: 6, duration: 24 * 60 * 60 },
  resetIp: { points: 20, duration: 60 * 60 },
  resetCheckIp: { points: 30, duration: 60 * 60 },
  passwordCheck: { points: 10, duration: 15 * 60 },
  profileUpdate: { points: 30, duration: 60 * 60 },
  emailResend: { points: 5, duration: 60 * 60 },
  lotPhotoUpload: { points: 60, duration: 60 * 60 },
  /** Offers e-mail the other party: a cap keeps one member from flooding sellers' inboxes. */
  offerCreate: { points: 60, duration: 60 * 60 },
  verifyHistoryIp: { points: 120, duration: 60 * 60 },
  /** Chat messages per member (docs/chat.md): a burst of 30 a minute, and 600 an hour. */
  chatPost: { points: 30, duration: 60 },
  chatPostHour: { points: 600, duration: 60 * 60 },
  /** Contact-form messages (docs/contact.md): per client address, and per sender's e-mail or phone. */
  contactIp: { points: 5, duration: 60 * 60 },
  contactSender: { points: 10, duration: 24 * 60 * 60 },
  /** Loan applications per member (docs/financing.md): each stores documents and e-mails a partner institution. */
  loanApply: { points: 10, duration: 24 * 60 * 60 },
  /** Second-factor codes and step-up confirmations in the back office, per staff member (docs/backoffice.md). */
  staffCode: { points: 10, duration: 15 * 60 },
  /** Reports of lots and profiles a member sends (docs/backoffice.md "Moderation"). */
  moderationReport: { points: 20, duration: 60 * 60 },
} as const;
export type LimitName = keyof typeof RATE_LIMITS;

const limiters = new WeakMap<Database, Map<LimitName, RateLimiterDrizzle>>();

function limiterFor(db: Database, name: LimitName) {
  let byName = limiters.get(db);
  if (!byName) {
    byName = new Map();
    limiters.set(db, byName);
  }
  let limiter = byName.get(name);
  if (!limiter) {
    limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: name,
      clearExpiredByTimeout: false,
      ...RATE_LIMITS[name],
    });
    byName.set(name, limiter);
  }
  return limiter;
}

/** Limits whose refusal says more than "too many attempts" (the message counts the seconds: `{{count}}`). */
const LIMIT_MESSAGES: Partial<Record<LimitName, MessageKey>> = {
  chatPost: 'chat.rate_limited',
  chatPostHour: 'chat.rate_limited',
};

function rateLimited(name: LimitName, msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError('rate_limited', LIMIT_MESSAGES[name] ?? 'errors.rate_limited_retry', {
    vars: { count: seconds },
    headers: { 'Retry-After': String(seconds) },
  });
}

/** Counts one attempt; throws a 429 AppError with Retry-After once the limit is used up. */
export async function consumeLimit(name: LimitName, key: string, points = 1): Promise<void> {
  try {
    await limiterFor(await getDb(), name).consume(key, points);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw rateLimited(name, error.msBeforeNext);
    throw error;
  }
}

/** Gives back attempts a key spent (a successful login's attempt on its client address). */
export async function refundLimit(name: LimitName, key: string, points = 1): Promise<void> {
  await limiterFor(await getDb(), name).reward(key, points);
}

/** Forgets the attempts of a key (after a successful login). */
export async function resetLimit(name: LimitName, key: string): Promise<void> {
  await limiterFor(await getDb(), name).delete(key);
}
