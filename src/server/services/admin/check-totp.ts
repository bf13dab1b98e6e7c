import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { staffFactors } from '~/server/db/schema';
import { matchTotp } from '~/server/security/totp';

/**
 * Whether `code` is the current code of the staff member's confirmed authenticator. The factor's row is locked and
 * the matched step kept, so one code is accepted once (a code seen over a shoulder cannot be replayed).
 */
export async function checkTotp(db: Executor, userId: number, code: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [factor] = await tx.select().from(staffFactors).where(eq(staffFactors.userId, userId)).for('update');
    if (!factor?.confirmedAt) return false;
    const step = matchTotp(factor.secret, code, Date.now(), factor.lastStep);
    if (step === null) return false;
    await tx.update(staffFactors).set({ lastStep: step }).where(eq(staffFactors.userId, userId));
    return true;
  });
}
