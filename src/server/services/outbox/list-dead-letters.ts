import { sql } from 'drizzle-orm';
import { maskPhone } from '~/features/accounts/mask-phone';
import { type DeadLettersQuery, type OutboxKind, isDeadLetterRetryable, smsExcerpt } from '~/features/admin/operations';
import { type Executor, rowsOf } from '~/server/db';
import { type Page, pageOffset, toPage } from '~/server/db/pagination';
import { type Operator, staffOperator } from './operator';

export interface DeadLetterItem {
  kind: OutboxKind;
  id: number;
  /** The e-mail address, or the phone number with all but its last three digits hidden. */
  recipient: string;
  /** The e-mail's subject, or the SMS's first words with its codes hidden. */
  summary: string;
  attempts: number;
  last_error: string | null;
  /** When the worker gave it up (src/server/services/outbox/deliver-outbox.ts). */
  died_at: string;
  created_at: string;
  expires_at: string | null;
  request_id: string | null;
  /** Whether "Retry" may send it again: not past its deadline (isDeadLetterRetryable). */
  retryable: boolean;
}

interface DeadRow {
  kind: OutboxKind;
  id: number;
  to: string;
  summary: string;
  attempts: number;
  last_error: string | null;
  died_at: Date | string;
  created_at: Date | string;
  expires_at: Date | string | null;
  request_id: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The outbox's dead letters (docs/backoffice.md "Operations"), e-mails and SMS in one list or one kind, newest death
 * first, 25 a page, with the count of each kind. A dead row's `next_attempt_at` is when it was given up. Dead letters
 * are few and sent rows go after 30 days, so the scan of the status needs no index of its own.
 */
export async function listDeadLetters(
  db: Executor,
  operator: Operator,
  query: DeadLettersQuery,
  now = new Date(),
): Promise<Page<DeadLetterItem> & { counts: Record<OutboxKind, number> }> {
  staffOperator(operator);
  const paging = { page: query.page, perPage: query['per-page'] };
  const mail = sql`select 'mail' as kind, id, "to", subject as summary, attempts, last_error,
      next_attempt_at as died_at, created_at, expires_at, request_id from mail_outbox where status = 'dead'`;
  const sms = sql`select 'sms' as kind, id, "to", left(text, 200) as summary, attempts, last_error,
      next_attempt_at as died_at, created_at, expires_at, request_id from sms_outbox where status = 'dead'`;
  const source = query.kind === 'mail' ? mail : query.kind === 'sms' ? sms : sql`${mail} union all ${sms}`;
  const [rows, [counts]] = await Promise.all([
    db
      .execute(
        sql`select * from (${source}) dead order by died_at desc, id desc limit ${paging.perPage} offset ${pageOffset(paging)}`,
      )
      .then(rowsOf<DeadRow>),
    db
      .execute(
        sql`select (select count(*) from mail_outbox where status = 'dead')::int as mail,
          (select count(*) from sms_outbox where status = 'dead')::int as sms`,
      )
      .then(rowsOf<Record<OutboxKind, number>>),
  ]);
  const items = rows.map((row): DeadLetterItem => {
    const expiresAt = row.expires_at === null ? null : new Date(row.expires_at);
    return {
      kind: row.kind,
      id: Number(row.id),
      recipient: row.kind === 'sms' ? maskPhone(row.to) : row.to,
      summary: row.kind === 'sms' ? smsExcerpt(row.summary) : row.summary,
      attempts: Number(row.attempts),
      last_error: row.last_error,
      died_at: iso(row.died_at),
      created_at: iso(row.created_at),
      expires_at: expiresAt?.toISOString() ?? null,
      request_id: row.request_id,
      retryable: isDeadLetterRetryable(expiresAt, now),
    };
  });
  const mailCount = Number(counts.mail);
  const smsCount = Number(counts.sms);
  const total = query.kind === 'mail' ? mailCount : query.kind === 'sms' ? smsCount : mailCount + smsCount;
  return { ...toPage(items, total, paging), counts: { mail: mailCount, sms: smsCount } };
}
