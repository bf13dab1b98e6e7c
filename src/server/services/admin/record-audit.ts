import { desc, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { auditLog } from '~/server/db/schema';
import type { StaffActor } from './access';
import { GENESIS_HASH, hashAudit } from './audit-chain';

/** The advisory lock every audit insert holds until its transaction ends: one chain, appended in order. */
const AUDIT_LOCK = 0x4155_4449; // "AUDI"

export interface AuditEntry {
  action: string;
  objectType: string;
  objectId?: string | number | null;
  before?: unknown;
  after?: unknown;
  note?: string | null;
}

/** What is stored and hashed: a JSON value as PostgreSQL's jsonb gives it back (dates as ISO text, no undefined). */
const asJson = (value: unknown) => (value === undefined || value === null ? null : JSON.parse(JSON.stringify(value)));

/**
 * Appends one row to the audit trail (docs/backoffice.md "Audit trail"): who, when, what, on which object, before
 * and after. Call it inside the transaction of the action it records, so the action and its record commit together.
 * The chain's head is read under a transaction-scoped advisory lock, so concurrent actions append one after another.
 */
export async function recordAudit(db: Executor, actor: StaffActor, entry: AuditEntry): Promise<{ seq: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);
    const [last] = await tx
      .select({ seq: auditLog.seq, hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.seq))
      .limit(1);
    const at = new Date();
    const content = {
      seq: (last?.seq ?? 0) + 1,
      at: at.toISOString(),
      actor_id: actor.id,
      actor_role: actor.role,
      actor_email: actor.email,
      action: entry.action,
      object_type: entry.objectType,
      object_id: entry.objectId === undefined || entry.objectId === null ? null : String(entry.objectId),
      before: asJson(entry.before),
      after: asJson(entry.after),
      note: entry.note ?? null,
      ip: actor.ip ?? null,
    };
    const prevHash = last?.hash ?? GENESIS_HASH;
    await tx.insert(auditLog).values({
      seq: content.seq,
      at,
      actorId: content.actor_id,
      actorRole: content.actor_role,
      actorEmail: content.actor_email,
      action: content.action,
      objectType: content.object_type,
      objectId: content.object_id,
      before: content.before,
      after: content.after,
      note: content.note,
      ip: content.ip,
      prevHash,
      hash: hashAudit(prevHash, content),
    });
    return { seq: content.seq };
  });
}
