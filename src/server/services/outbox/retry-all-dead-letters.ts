import { sql } from 'drizzle-orm';
import type { OutboxKind } from '~/features/admin/operations';
import { type Executor, rowsOf } from '~/server/db';
import { OUTBOX_TABLES } from './deliver-outbox';
import { AppError } from '~/server/errors';
import { type Operator, staffOperator } from './operator';
import { retryDeadLetter } from './retry-dead-letter';

/**
 * Sends again every dead letter of `kind` (or both) that retryDeadLetter would, one by one through it (one rule, one
 * place): those past their deadline stay dead and are counted apart. Each retry is audited as a single one would be.
 */
export async function retryAllDeadLetters(
  db: Executor,
  operator: Operator,
  { kind }: { kind?: OutboxKind } = {},
  now = new Date(),
): Promise<{ retried: number; expired: number }> {
  staffOperator(operator);
  let retried = 0;
  let expired = 0;
  for (const channel of kind ? [kind] : (['mail', 'sms'] as const)) {
    const ids = rowsOf<{ id: number }>(
      await db.execute(
        sql`select id from ${sql.identifier(OUTBOX_TABLES[channel])} where status = 'dead' order by id limit 10000`,
      ),
    );
    for (const { id } of ids) {
      try {
        await retryDeadLetter(db, operator, { kind: channel, id: Number(id) }, now);
        retried++;
      } catch (error) {
        if (error instanceof AppError && error.code === 'outbox.message_expired') expired++;
        // Retried meanwhile by someone else: nothing to do.
        else if (!(error instanceof AppError && (error.code === 'conflict' || error.code === 'not_found'))) throw error;
      }
    }
  }
  return { retried, expired };
}
