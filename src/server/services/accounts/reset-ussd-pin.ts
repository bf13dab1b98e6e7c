import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { ussdLockedUntil } from './check-ussd-pin';

/** Whether a member's USSD PIN has anything a reset would clear: a PIN, wrong tries, or a lock-out running now. */
export function hasUssdPinToReset(
  user: { ussdPinHash: string | null; ussdPinFailures: number; ussdLockedUntil: Date | null },
  now = new Date(),
): boolean {
  return user.ussdPinHash !== null || user.ussdPinFailures > 0 || ussdLockedUntil(user, now) !== undefined;
}

/**
 * Support's reset of a member's USSD PIN (docs/backoffice.md "Members"): the PIN, its wrong tries and any lock-out go;
 * the member sets a new one at their next use of the menu, proved by an SMS code. The caller checks the staff
 * capability and records the audit entry in the same transaction.
 */
export async function resetUssdPin(db: Executor, userId: number): Promise<void> {
  const reset = await db
    .update(users)
    .set({ ussdPinHash: null, ussdPinFailures: 0, ussdLockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (reset.length === 0) throw new AppError('not_found', 'errors.not_found');
}
