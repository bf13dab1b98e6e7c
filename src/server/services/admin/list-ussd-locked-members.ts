import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '~/server/db';
import { type StaffActor, requireCapability } from './access';
import { channelTrafficStart } from './read-channel-traffic';

/** Members the list shows at most (a wave of lock-outs is an incident, seen in the traffic table). */
const LOCKED_LIST_MAX = 200;

export interface UssdLockedMember {
  id: number;
  first_name: string;
  last_name: string | null;
  phone: string | null;
  locked_until: string;
  /** Their lock-outs in the period of the traffic table, this one included. */
  lockouts: number;
}

/**
 * The members whose USSD is locked now (docs/backoffice.md "Feature phones"), the lock ending soonest first. Every
 * lock-out writes its `ussd_pin_lockouts` row with the lock (checkUssdPin), so the accounts are found from the
 * period's lock-outs (their `created_at` index) rather than by reading every account. Capability `support`.
 */
export async function listUssdLockedMembers(
  db: Executor,
  actor: StaffActor,
  now = new Date(),
): Promise<UssdLockedMember[]> {
  requireCapability(actor, 'support');
  const since = sql`${channelTrafficStart(now).toISOString()}::timestamptz`;
  const rows = await db
    .execute(
      sql`with recent as (
          select user_id, count(*) as lockouts from ussd_pin_lockouts where created_at >= ${since} group by user_id
        )
        select u.id, u.first_name, u.last_name, u.phone, u.ussd_locked_until as locked_until, r.lockouts::int as lockouts
        from recent r join users u on u.id = r.user_id
        where u.ussd_locked_until > ${now.toISOString()}::timestamptz
        order by u.ussd_locked_until, u.id
        limit ${LOCKED_LIST_MAX}`,
    )
    .then(
      rowsOf<{
        id: number;
        first_name: string;
        last_name: string | null;
        phone: string | null;
        locked_until: Date | string;
        lockouts: number | string;
      }>,
    );
  return rows.map((row) => ({
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    locked_until: new Date(row.locked_until).toISOString(),
    lockouts: Number(row.lockouts),
  }));
}
