import { eq } from 'drizzle-orm';
import { localizePath } from '~/i18n/paths';
import type { Executor } from '~/server/db/client';
import { users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { queueMail } from '~/server/mail';
import { payoutOutcomeMail } from '~/server/mail/templates';
import { createTranslator } from '~/i18n/t';
import { queueSmsNotice } from '~/server/services/accounts/queue-sms-notice';
import { userLocale } from '~/server/services/accounts/users';
import { formatStoredMoney } from '~/server/services/reference/format-stored-money';
import type { PayoutRow } from './settle-payout';

/** Where a payout's result page is. */
export const payoutResultPath = (reference: string) => `/payout-result?reference=${encodeURIComponent(reference)}`;

/** The SMS notice of each outcome (docs/feature-phones.md "Notices"). */
const PAYOUT_SMS = {
  succeeded: 'sms.notice_payout_paid',
  failed: 'sms.notice_payout_failed',
  declined: 'sms.notice_payout_declined',
} as const;

/**
 * E-mails the member a settled payout's outcome, in their language (a member without an e-mail address reads it on
 * the result page), and tells them by SMS too when they take notices by SMS (queueSmsNotice: a confirmed phone, no
 * STOP, the daily cap). Called with the transaction that settled it: both are queued in it (src/server/mail/index.ts,
 * src/server/sms/index.ts) and delivered, retried if need be, by the outbox worker
 * (src/server/services/outbox/deliver-outbox.ts).
 */
export async function notifyPayoutOutcome(db: Executor, payout: PayoutRow): Promise<void> {
  if (payout.status !== 'succeeded' && payout.status !== 'failed' && payout.status !== 'declined') return;
  const outcome = payout.status;
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(eq(users.id, payout.userId));
  if (!user) return;
  const locale = userLocale(user);
  const amount = await formatStoredMoney(db, payout.amountMinor, payout.currency, locale);
  const url = `${getEnv().publicUrl}${localizePath(payoutResultPath(payout.reference), locale)}`;
  if (user.email)
    await queueMail(
      db,
      payoutOutcomeMail(locale, user.email, user.firstName, outcome, amount, payout.destinationMasked, url),
    );
  await queueSmsNotice(
    db,
    payout.userId,
    createTranslator(locale)(PAYOUT_SMS[outcome], { amount, destination: payout.destinationMasked }),
  );
}
