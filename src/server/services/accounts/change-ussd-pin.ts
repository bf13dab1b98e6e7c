import type { UssdPinChange } from '~/features/accounts/ussd-pin-schema';
import type { Executor } from '~/server/db';
import { AppError } from '~/server/errors';
import { sendPhonePin, verifyPhonePin } from './phone-confirmation';
import { assertAcceptablePin, setUssdPinWithProof } from './set-ussd-pin';
import { findUserById, userLocale } from './users';

/**
 * Setting or changing the USSD PIN from the site (docs/auth.md "USSD PIN"), proved like a phone confirmation: a code
 * sent by SMS to the member's confirmed phone, then that code with the new PIN twice. The profile page's plain form
 * and `POST /user/ussd-pin/send-code`, `POST /user/ussd-pin` call these two steps.
 */

/** The member's confirmed phone; a member without one is told to confirm it first (409). */
async function confirmedPhoneOf(db: Executor, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('not_found', 'errors.not_found');
  if (!user.phone || !user.phoneVerifiedAt) throw new AppError('conflict', 'profile.ussd_pin_phone_first');
  return { user, phone: user.phone };
}

/**
 * Step 1: sends a code to the member's confirmed phone, in their language (sendPhonePin: one a minute, with the hourly
 * and daily limits of the phone and the address). No bot check: the member is signed in and the number is theirs.
 */
export async function sendUssdPinCode(
  db: Executor,
  userId: number,
  ip: string,
): Promise<{ resendAfter: number; phone: string }> {
  const { user, phone } = await confirmedPhoneOf(db, userId);
  const { resendAfter } = await sendPhonePin(db, phone, userLocale(user), ip);
  return { resendAfter, phone };
}

/**
 * Step 2: checks the new PIN first (too easy: 422 on `pin`, the code left unspent), then the code (wrong: 422 on
 * `code`; each try counts, outside any transaction, so a rolled-back step cannot give a guesser more tries), and
 * sets the PIN with the code's proof spent in one transaction. A new PIN also ends a lock-out (setUssdPin).
 */
export async function changeUssdPin(db: Executor, userId: number, input: UssdPinChange): Promise<void> {
  const { phone } = await confirmedPhoneOf(db, userId);
  assertAcceptablePin(input.pin);
  const wrongCode = (cause?: unknown) =>
    new AppError('validation_failed', 'errors.validation_failed', {
      fields: { code: [{ key: 'accounts.pin_wrong' }] },
      cause,
    });
  let phoneToken: string;
  try {
    ({ phoneToken } = await verifyPhonePin(db, phone, input.code));
  } catch (error) {
    // verifyPhonePin names its field `pin`; here that is the new PIN, and the code is `code`.
    if (error instanceof AppError && error.code === 'validation_failed') throw wrongCode(error);
    throw error;
  }
  if (!(await setUssdPinWithProof(db, { id: userId, phone }, phoneToken, input.pin))) throw wrongCode();
}
