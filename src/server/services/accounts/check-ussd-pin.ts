import { and, eq, sql } from 'drizzle-orm';
import { USSD_LOCK_MINUTES, USSD_PIN_MAX_FAILURES } from '~/features/channels/constants';
import { toGsm7 } from '~/features/channels/gsm7';
import { createTranslator } from '~/i18n/t';
import type { Executor } from '~/server/db';
import { users, ussdPinLockouts } from '~/server/db/schema';
import { queueSms } from '~/server/sms';
import { verifyPassword } from './secrets';
import { userLocale } from './users';

export type PinCheck =
  | { ok: true }
  | { ok: false; reason: 'wrong'; left: number }
  | { ok: false; reason: 'locked'; until: Date }
  | { ok: false; reason: 'no_pin' };

/** Whether the member's USSD is locked now, and until when. */
export function ussdLockedUntil(user: { ussdLockedUntil: Date | null }, now = new Date()): Date | undefined {
  return user.ussdLockedUntil && user.ussdLockedUntil > now ? user.ussdLockedUntil : undefined;
}

/**
 * Checks a member's USSD PIN (docs/feature-phones.md "PIN"). A right PIN clears the wrong tries. A wrong one counts,
 * atomically (two parallel guesses cannot both be the fifth); the fifth in a row locks USSD for USSD_LOCK_MINUTES,
 * records the lock-out and tells the member by SMS, in the same transaction. While locked, no PIN is even checked.
 */
export async function checkUssdPin(db: Executor, userId: number, pin: string, now = new Date()): Promise<PinCheck> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.ussdPinHash) return { ok: false, reason: 'no_pin' };
  const locked = ussdLockedUntil(user, now);
  if (locked) return { ok: false, reason: 'locked', until: locked };
  if (await verifyPassword(user.ussdPinHash, pin)) {
    if (user.ussdPinFailures > 0) await db.update(users).set({ ussdPinFailures: 0 }).where(eq(users.id, userId));
    return { ok: true };
  }
  return db.transaction(async (tx) => {
    const [counted] = await tx
      .update(users)
      .set({ ussdPinFailures: sql`${users.ussdPinFailures} + 1` })
      .where(and(eq(users.id, userId), sql`(${users.ussdLockedUntil} is null or ${users.ussdLockedUntil} <= ${now})`))
      .returning({ failures: users.ussdPinFailures });
    if (!counted) {
      const [again] = await tx.select({ until: users.ussdLockedUntil }).from(users).where(eq(users.id, userId));
      return { ok: false, reason: 'locked', until: again?.until ?? now } as const;
    }
    if (counted.failures < USSD_PIN_MAX_FAILURES)
      return { ok: false, reason: 'wrong', left: USSD_PIN_MAX_FAILURES - counted.failures } as const;
    const until = new Date(now.getTime() + USSD_LOCK_MINUTES * 60_000);
    await tx.update(users).set({ ussdPinFailures: 0, ussdLockedUntil: until }).where(eq(users.id, userId));
    await tx.insert(ussdPinLockouts).values({ userId, lockedUntil: until });
    if (user.phone) {
      const locale = userLocale(user);
      // About the member's own security: sent whatever the notice settings say.
      await queueSms(
        tx,
        user.phone,
        toGsm7(createTranslator(locale)('ussd.sms_locked', { count: USSD_LOCK_MINUTES })),
        {
          userId,
        },
      );
    }
    return { ok: false, reason: 'locked', until } as const;
  });
}
