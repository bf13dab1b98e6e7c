import { inArray } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';
import { listOpenPayouts } from '~/server/services/payments/list-open-payouts';
import { type StaffActor, requireCapability } from './access';

export interface StaffPayoutItem {
  reference: string;
  status: string;
  user_id: number;
  email: string | null;
  amount_minor: number;
  currency: string;
  method: string;
  destination: string;
  provider: string;
  created_at: string;
}

/**
 * The payouts awaiting approval or not yet settled (docs/backoffice.md "Money"), oldest first — the same list as
 * `npm run admin -- list-payouts`. Capability `money`.
 */
export async function listStaffPayouts(db: Executor, actor: StaffActor): Promise<StaffPayoutItem[]> {
  requireCapability(actor, 'money');
  const rows = await listOpenPayouts(db);
  const ids = [...new Set(rows.map((row) => row.userId))];
  const emails = new Map(
    ids.length === 0
      ? []
      : (await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids))).map(
          (u) => [u.id, u.email] as const,
        ),
  );
  return rows.map((row) => ({
    reference: row.reference,
    status: row.status,
    user_id: row.userId,
    email: emails.get(row.userId) ?? null,
    amount_minor: row.amountMinor,
    currency: row.currency.trim(),
    method: row.method,
    destination: row.destinationMasked,
    provider: row.provider,
    created_at: row.createdAt.toISOString(),
  }));
}
