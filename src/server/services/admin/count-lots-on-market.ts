import { count } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { lots } from '~/server/db/schema';
import { onMarket } from '~/server/services/lots/lot-item';
import { type StaffActor, requireCapability } from './access';

/** The dashboard's lots on the market (docs/backoffice.md "Dashboard"): what the catalogues show (`onMarket()`). */
export async function countLotsOnMarket(db: Executor, actor: StaffActor): Promise<number> {
  requireCapability(actor, 'dashboard');
  const [row] = await db.select({ total: count() }).from(lots).where(onMarket());
  return row.total;
}
