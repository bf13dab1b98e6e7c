import { count, ne } from 'drizzle-orm';
import { OFFER_STATUS } from '~/features/deals/constants';
import type { Executor } from '~/server/db';
import { offers } from '~/server/db/schema';
import { type StaffActor, requireCapability } from './access';

export const DEAL_STATES = ['created', 'approved', 'done', 'declined'] as const;
export type DealState = (typeof DEAL_STATES)[number];

/**
 * The dashboard's deals by state (docs/backoffice.md "Dashboard"): offers waiting for an answer (`created`),
 * running deals (`approved`), finished (`done`) and declined; deleted offers are left out.
 */
export async function countDealsByState(db: Executor, actor: StaffActor): Promise<Record<DealState, number>> {
  requireCapability(actor, 'dashboard');
  const rows = await db
    .select({ status: offers.status, total: count() })
    .from(offers)
    .where(ne(offers.status, OFFER_STATUS.deleted))
    .groupBy(offers.status);
  const byStatus = new Map(rows.map((r) => [r.status as number, r.total]));
  return Object.fromEntries(DEAL_STATES.map((state) => [state, byStatus.get(OFFER_STATUS[state]) ?? 0])) as Record<
    DealState,
    number
  >;
}
