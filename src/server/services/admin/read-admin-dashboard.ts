import type { Executor } from '~/server/db';
import { type StaffActor, requireCapability } from './access';
import { countDealsByState } from './count-deals-by-state';
import { countLotsOnMarket } from './count-lots-on-market';
import { countMembers } from './count-members';
import { listQueueCounts } from './list-queue-counts';
import { sumTradedVolume } from './sum-traded-volume';

/**
 * Every figure of the back office's dashboard (docs/backoffice.md "Dashboard"): members, lots on the market, deals
 * by state, traded volume and value per currency, and the queues the actor's role holds. `GET /api-v2/admin/dashboard`
 * and /admin (src/server/loaders/admin-dashboard.ts) answer it.
 */
export async function readAdminDashboard(db: Executor, actor: StaffActor) {
  requireCapability(actor, 'dashboard');
  const now = new Date();
  const [members, lotsOnMarket, deals, traded, queues] = await Promise.all([
    countMembers(db, actor),
    countLotsOnMarket(db, actor),
    countDealsByState(db, actor),
    sumTradedVolume(db, actor),
    listQueueCounts(db, actor, now),
  ]);
  return { at: now, members, lots_on_market: lotsOnMarket, deals, traded, queues };
}
export type AdminDashboard = Awaited<ReturnType<typeof readAdminDashboard>>;
