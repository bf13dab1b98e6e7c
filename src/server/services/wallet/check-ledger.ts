import { sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';

export interface LedgerReport {
  ok: boolean;
  /** One line per inconsistency found; empty when the ledger is whole. */
  problems: string[];
}

const rows = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Recomputes the ledger from its postings (docs/wallet.md "Accounts"): every transfer balanced with at least two
 * postings, every currency summing to zero, every cached balance equal to its postings, no account below zero that
 * may not be, every pending transfer resolved at most once and every hold account holding exactly its pending
 * amounts.
 */
export async function checkLedger(db: Executor): Promise<LedgerReport> {
  const problems: string[] = [];
  for (const r of await rows<{ id: number; n: number; total: string }>(
    db,
    sql`select t.id, count(p.id)::int as n, coalesce(sum(p.amount), 0)::text as total
        from wallet_transfers t left join wallet_postings p on p.transfer_id = t.id
        group by t.id having count(p.id) < 2 or coalesce(sum(p.amount), 0) <> 0`,
  ))
    problems.push(`transfer ${r.id}: ${r.n} postings summing to ${r.total}`);
  for (const r of await rows<{ currency: string; total: string }>(
    db,
    sql`select currency, sum(amount)::text as total from wallet_postings group by currency having sum(amount) <> 0`,
  ))
    problems.push(`currency ${r.currency}: postings sum to ${r.total}`);
  for (const r of await rows<{ id: number; balance: string; actual: string }>(
    db,
    sql`select a.id, a.balance::text as balance, coalesce(sum(p.amount), 0)::text as actual
        from wallet_accounts a left join wallet_postings p on p.account_id = a.id
        group by a.id having a.balance <> coalesce(sum(p.amount), 0)`,
  ))
    problems.push(`account ${r.id}: cached balance ${r.balance}, postings ${r.actual}`);
  for (const r of await rows<{ id: number; balance: string }>(
    db,
    sql`select id, balance::text as balance from wallet_accounts
        where balance < 0 and kind not in ('provider_clearing', 'refunds')`,
  ))
    problems.push(`account ${r.id}: below zero (${r.balance})`);
  for (const r of await rows<{ id: number; status: string; n: number }>(
    db,
    sql`select w.id, w.status, count(t.id)::int as n
        from wallet_pending w left join wallet_transfers t on t.pending_id = w.id
        group by w.id, w.status
        having count(t.id) > 1 or (count(t.id) = 1) = (w.status = 'pending')`,
  ))
    problems.push(`pending ${r.id}: ${r.status} with ${r.n} resolving transfers`);
  for (const r of await rows<{ id: number; balance: string; held: string }>(
    db,
    sql`select a.id, a.balance::text as balance, coalesce(sum(w.amount) filter (where w.status = 'pending'), 0)::text as held
        from wallet_accounts a left join wallet_pending w on w.hold_account_id = a.id
        where a.kind in ('deal_frozen', 'payouts_in_flight')
        group by a.id having a.balance <> coalesce(sum(w.amount) filter (where w.status = 'pending'), 0)`,
  ))
    problems.push(`hold account ${r.id}: balance ${r.balance}, pending ${r.held}`);
  return { ok: problems.length === 0, problems };
}
