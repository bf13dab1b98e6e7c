import { inArray } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { payouts } from '~/server/db/schema';
import type { PayoutRow } from './settle-payout';

/** The payouts an administrator looks at (`npm run admin -- list-payouts`): awaiting approval or not yet settled. */
export async function listOpenPayouts(db: Executor): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(inArray(payouts.status, ['awaiting_approval', 'pending']))
    .orderBy(payouts.id)
    .limit(200);
}
