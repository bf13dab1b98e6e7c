import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { staffFactors } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { newTotpSecret, otpauthUri } from '~/server/security/totp';
import { requireStaff } from './access';

/**
 * The first entry to the back office (docs/backoffice.md "Staff sign-in"): the secret the staff member's
 * authenticator app takes, as text and as an `otpauth://` link (its QR code). Until a code confirms it, asking
 * again shows the same secret (a reload does not invalidate what the app already scanned). A confirmed factor is
 * 409 `admin.two_factor_exists`.
 */
export async function startTwoFactorSetup(
  db: Executor,
  actor: { id: number; role: string; email: string | null; phone: string | null },
): Promise<{ secret: string; uri: string }> {
  requireStaff(actor);
  return db.transaction(async (tx) => {
    const [factor] = await tx.select().from(staffFactors).where(eq(staffFactors.userId, actor.id)).for('update');
    if (factor?.confirmedAt) throw new AppError('conflict', 'admin.two_factor_exists');
    let secret = factor?.secret;
    if (!secret) {
      secret = newTotpSecret();
      await tx.insert(staffFactors).values({ userId: actor.id, secret });
    }
    return { secret, uri: otpauthUri(secret, actor.email ?? actor.phone ?? `member-${actor.id}`) };
  });
}
