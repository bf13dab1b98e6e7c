import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { PIN_MAX_ATTEMPTS } from '~/features/accounts/constants';
import { phoneVerifications } from '~/server/db/schema';
import { sendPhonePin } from '~/server/services/accounts/phone-confirmation';
import type { Next, Params, UssdContext } from '../types';

/**
 * Sends the SMS code that proves the phone, unless one sent earlier still stands (unexpired, unused, tries left): a
 * caller who hung up to read it and dialled again types that one.
 */
async function sendCode(ctx: UssdContext): Promise<void> {
  const [live] = await ctx.db
    .select({ id: phoneVerifications.id })
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.phone, ctx.phone),
        isNull(phoneVerifications.verifiedAt),
        gt(phoneVerifications.expiresAt, ctx.now),
        lt(phoneVerifications.attempts, PIN_MAX_ATTEMPTS),
      ),
    )
    .limit(1);
  if (live) return;
  await sendPhonePin(ctx.db, ctx.phone, ctx.locale, `ussd:${ctx.phone}`);
}

/** Sends the code (when no code stands) and asks for it. */
export async function sendCodeAndAsk(ctx: UssdContext, after: unknown): Promise<Next> {
  await sendCode(ctx);
  return { replace: { s: 'pinset.code', p: { after: after as Params } } };
}
