import { eq } from 'drizzle-orm';
import { USSD_PIN_LENGTH } from '~/features/channels/constants';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { hashPassword } from './secrets';

/** Four digits, not all the same and not a run (1234, 9876): the PINs guessed first. */
export function isAcceptablePin(pin: string): boolean {
  if (!new RegExp(`^\\d{${USSD_PIN_LENGTH}}$`).test(pin)) return false;
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((digit, i) => digit - digits[i]));
  return !(steps.size === 1 && [0, 1, -1].includes([...steps][0]));
}

/**
 * Sets (or changes) a member's USSD PIN, stored as an argon2id hash, and clears wrong tries and any lock-out. The
 * caller has proved the member holds the phone: a code sent to it by SMS (the site's profile, the menu's first use)
 * or the old PIN. A PIN that is not four digits, or is too easy, is a 422 on `pin`.
 */
export async function setUssdPin(db: Executor, userId: number, pin: string): Promise<void> {
  if (!isAcceptablePin(pin))
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { pin: [{ key: 'ussd.pin_too_easy' }] },
    });
  const ussdPinHash = await hashPassword(pin);
  await db
    .update(users)
    .set({ ussdPinHash, ussdPinFailures: 0, ussdLockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
