import { sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';
import { type StaffActor, requireCapability } from './access';

/** The dashboard's members (docs/backoffice.md "Dashboard"): all accounts, and those made in the last 7 and 30 days. */
export async function countMembers(db: Executor, actor: StaffActor) {
  requireCapability(actor, 'dashboard');
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      new_7d: sql<number>`count(*) filter (where ${users.createdAt} >= now() - interval '7 days')`.mapWith(Number),
      new_30d: sql<number>`count(*) filter (where ${users.createdAt} >= now() - interval '30 days')`.mapWith(Number),
    })
    .from(users);
  return row;
}
