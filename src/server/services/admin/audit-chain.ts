import { createHash } from 'node:crypto';
import type { auditLog } from '~/server/db/schema';
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

/** A stored row's hashed content, as recordAudit hashed it. */
export function auditContentOf(row: typeof auditLog.$inferSelect): AuditContent {
  return {
    seq: row.seq,
    at: row.at.toISOString(),
    actor_id: row.actorId,
    actor_role: row.actorRole,
    actor_email: row.actorEmail,
    action: row.action,
    object_type: row.objectType,
    object_id: row.objectId,
    before: row.before,
    after: row.after,
    note: row.note,
    ip: row.ip,
  };
}

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
