import { eq } from 'drizzle-orm';
import { localizePath } from '~/i18n/paths';
import type { Executor } from '~/server/db/client';
import { users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { queueMail } from '~/server/mail';
import { payoutOutcomeMail } from '~/server/mail/templates';
import { userLocale } from '~/server/services/accounts/users';
import { formatStoredMoney } from '~/server/services/reference/format-stored-money';
import type { PayoutRow } from './settle-payout';

/** Where a payout's result page is. */
export const payoutResultPath = (reference: string) => `/payout-result?reference=${encodeURIComponent(reference)}`;

/**
 * E-mails the member a settled payout's outcome, in their language (a member without an e-mail address reads it on
 * the result page). Called with the transaction that settled it: the e-mail is queued in it (src/server/mail/index.ts)
 * and delivered, retried if need be, by the outbox worker (src/server/services/outbox/deliver-outbox.ts).
 */
export async function notifyPayoutOutcome(db: Executor, payout: PayoutRow): Promise<void> {
  if (payout.status !== 'succeeded' && payout.status !== 'failed' && payout.status !== 'declined') return;
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(eq(users.id, payout.userId));
  if (!user?.email) return;
  const locale = userLocale(user);
  await queueMail(
    db,
    payoutOutcomeMail(
      locale,
      user.email,
      user.firstName,
      payout.status,
      await formatStoredMoney(db, payout.amountMinor, payout.currency, locale),
      payout.destinationMasked,
      `${getEnv().publicUrl}${localizePath(payoutResultPath(payout.reference), locale)}`,
    ),
  );
}
