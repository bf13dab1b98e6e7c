import { sql } from 'drizzle-orm';
import { type OutboxKind, isDeadLetterRetryable } from '~/features/admin/operations';
import { type Executor, rowsOf } from '~/server/db';
import { OUTBOX_TABLES } from './deliver-outbox';
import { AppError } from '~/server/errors';
import { recordAudit } from '~/server/services/admin/record-audit';
import { type Operator, staffOperator } from './operator';

interface LockedRow {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  expires_at: Date | string | null;
}

/**
 * Sends a dead letter again (docs/backoffice.md "Operations"): back to `pending` with no try counted and due now, so
 * the outbox worker (deliver-outbox.ts) delivers it within a second or so, with its ten tries again. Only a dead
 * letter (another status: 409 `conflict`), and never one past its `expires_at` — a PIN, a confirmation or reset link
 * whose content is stale: 409 `outbox.message_expired` (the member asks for a new one). The row is locked while it
 * changes, so two operators retrying at once retry it once (the second gets 409). A staff member's retry is audited
 * (`outbox.retry`) in the same transaction.
 */
export async function retryDeadLetter(
  db: Executor,
  operator: Operator,
  target: { kind: OutboxKind; id: number },
  now = new Date(),
): Promise<{ kind: OutboxKind; id: number; status: 'pending' }> {
  const actor = staffOperator(operator);
  const table = sql.identifier(OUTBOX_TABLES[target.kind]);
  return db.transaction(async (tx) => {
    const [row] = rowsOf<LockedRow>(
      await tx.execute(
        sql`select id, status, attempts, last_error, expires_at from ${table} where id = ${target.id} for update`,
      ),
    );
    if (!row) throw new AppError('not_found', 'admin.ops_message_not_found');
    if (row.status !== 'dead') throw new AppError('conflict', 'admin.ops_not_dead');
    if (!isDeadLetterRetryable(row.expires_at === null ? null : new Date(row.expires_at), now))
      throw new AppError('outbox.message_expired', 'admin.ops_message_expired');
    await tx.execute(sql`
      update ${table} set status = 'pending', attempts = 0, next_attempt_at = ${now}, locked_until = null
      where id = ${target.id}`);
    if (actor)
      await recordAudit(tx, actor, {
        action: 'outbox.retry',
        objectType: OUTBOX_TABLES[target.kind],
        objectId: target.id,
        before: { status: 'dead', attempts: Number(row.attempts), last_error: row.last_error },
        after: { status: 'pending', attempts: 0 },
      });
    return { kind: target.kind, id: target.id, status: 'pending' as const };
  });
}
