import { createHash } from 'node:crypto';
import { GENESIS_HASH, canonicalJson } from '~/server/services/deals/chain';

/**
 * The audit trail's hash chain (docs/backoffice.md "Audit trail"), the same construction as the deal histories'
 * (services/deals/chain.ts): each row's hash covers the previous row's hash and the row's content in canonical
 * JSON, so changing, removing or re-ordering any row breaks every later hash. Pure.
 */
export interface AuditContent {
  seq: number;
  at: string;
  actor_id: number | null;
  actor_role: string;
  actor_email: string | null;
  action: string;
  object_type: string;
  object_id: string | null;
  before: unknown;
  after: unknown;
  note: string | null;
  ip: string | null;
}

export { GENESIS_HASH };

export function hashAudit(prevHash: string, content: AuditContent): string {
  const { seq, at, actor_id, actor_role, actor_email, action, object_type, object_id, before, after, note, ip } =
    content;
  const text = canonicalJson({
    seq,
    at,
    actor_id,
    actor_role,
    actor_email,
    action,
    object_type,
    object_id,
    before: before ?? null,
    after: after ?? null,
    note,
    ip,
  });
  return createHash('sha256').update(`${prevHash}\n${text}`).digest('hex');
}

/** Checks rows in `seq` order from the first: each `prev_hash` the hash before it, each `hash` recomputed. */
export function verifyAuditRows(rows: (AuditContent & { prev_hash: string; hash: string })[]): {
  valid: boolean;
  broken_at: number | null;
  count: number;
  head_hash: string;
} {
  let prev = GENESIS_HASH;
  for (const [index, row] of rows.entries()) {
    if (row.seq !== index + 1 || row.prev_hash !== prev || hashAudit(prev, row) !== row.hash)
      return { valid: false, broken_at: row.seq, count: rows.length, head_hash: prev };
    prev = row.hash;
  }
  return { valid: true, broken_at: null, count: rows.length, head_hash: prev };
}
