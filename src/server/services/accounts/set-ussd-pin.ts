import { eq } from 'drizzle-orm';
import { USSD_PIN_LENGTH } from '~/features/channels/constants';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { consumePhoneProof } from './phone-confirmation';
import { hashPassword } from './secrets';

/** Four digits, not all the same and not a run (1234, 9876): the PINs guessed first. */
export function isAcceptablePin(pin: string): boolean {
  if (!new RegExp(`^\\d{${USSD_PIN_LENGTH}}$`).test(pin)) return false;
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((digit, i) => digit - digits[i]));
  return !(steps.size === 1 && [0, 1, -1].includes([...steps][0]));
}

/** A PIN that is not four digits, or too easy, is a 422 on `pin`. */
export function assertAcceptablePin(pin: string): void {
  if (!isAcceptablePin(pin))
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { pin: [{ key: 'ussd.pin_too_easy' }] },
    });
}

/**
 * Sets (or changes) a member's USSD PIN, stored as an argon2id hash, and clears wrong tries and any lock-out. The
 * caller has proved the member holds the phone: a code sent to it by SMS (the site's profile, the menu's first use)
 * or the old PIN. A PIN that is not four digits, or is too easy, is a 422 on `pin`.
 */
export async function setUssdPin(db: Executor, userId: number, pin: string): Promise<void> {
  assertAcceptablePin(pin);
  const ussdPinHash = await hashPassword(pin);
  await db
    .update(users)
    .set({ ussdPinHash, ussdPinFailures: 0, ussdLockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * Sets the PIN with the proof of an SMS code sent to the member's phone (verifyPhonePin's token), spent in the same
 * transaction: false, and nothing set, when the proof is not valid (spent, expired, another phone's). The site's
 * profile and the USSD menu's first use both set a PIN this way.
 */
export async function setUssdPinWithProof(
  db: Executor,
  user: { id: number; phone: string },
  phoneToken: string,
  pin: string,
): Promise<boolean> {
  assertAcceptablePin(pin);
  return db.transaction(async (tx) => {
    if (!(await consumePhoneProof(tx, user.phone, phoneToken))) return false;
    await setUssdPin(tx, user.id, pin);
    return true;
  });
}
