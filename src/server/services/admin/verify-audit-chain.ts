import { asc, gt } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { auditLog } from '~/server/db/schema';
import type { StaffActor } from './access';
import { requireCapability } from './access';
import { GENESIS_HASH, auditContentOf, hashAudit } from './audit-chain';

const BATCH = 2000;

/**
 * Walks the whole audit trail in order and recomputes its chain (docs/backoffice.md "Audit trail"): `valid` unless a
 * row was changed, removed or re-ordered; `broken_at` is the first row's `seq` that does not verify.
 */
export async function verifyAuditChain(
  db: Executor,
  actor: StaffActor | 'system',
): Promise<{ valid: boolean; broken_at: number | null; count: number; head_hash: string }> {
  if (actor !== 'system') requireCapability(actor, 'audit');
  let prev = GENESIS_HASH;
  let expected = 1;
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.seq, after))
      .orderBy(asc(auditLog.seq))
      .limit(BATCH);
    for (const row of rows) {
      const content = auditContentOf(row);
      if (row.seq !== expected || row.prevHash !== prev || hashAudit(prev, content) !== row.hash)
        return { valid: false, broken_at: row.seq, count: expected - 1, head_hash: prev };
      prev = row.hash;
      expected++;
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1].seq;
  }
  return { valid: true, broken_at: null, count: expected - 1, head_hash: prev };
}
