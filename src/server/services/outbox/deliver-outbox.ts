import { sql } from 'drizzle-orm';
import { maskPhone } from '~/features/accounts/mask-phone';
import type { OutboxKind } from '~/features/admin/operations';
import { isPastDeadline } from '~/features/outbox/deadline';
import { type Executor, rowsOf } from '~/server/db';
import { type MailSender, getMailSender } from '~/server/mail';
import { type SmsSender, getSmsSender } from '~/server/sms';
import { errorMessage, log } from '~/server/log';

/** Tries before a message becomes a dead letter (docs/operations.md "Outbox"): about a day and a half of backoff. */
export const OUTBOX_MAX_ATTEMPTS = 10;
/** The wait after the first failed try; each further failure doubles it, up to OUTBOX_MAX_BACKOFF_MS. */
export const OUTBOX_FIRST_BACKOFF_MS = 30_000;
export const OUTBOX_MAX_BACKOFF_MS = 6 * 3600_000;
/** How long a delivering process holds the messages it claimed: longer than a batch's tries (20 s time-out each). */
export const OUTBOX_LEASE_MS = 5 * 60_000;
/** Messages claimed per channel and pass. */
export const OUTBOX_BATCH = 20;
/** The `last_error` of a message that passed its `expires_at` before it could be sent (the back office translates it). */
export const OUTBOX_EXPIRED_ERROR = 'expired before delivery';

export type OutboxChannel = OutboxKind;
/** Each channel's table: the one map the worker, the retries and the back office use. */
export const OUTBOX_TABLES: Record<OutboxKind, string> = { mail: 'mail_outbox', sms: 'sms_outbox' };

/** The wait before try `attempt + 1` after `attempt` tries failed: 30 s, 1 min, 2 min, … at most 6 h. */
export function outboxBackoffMs(attempt: number): number {
  return Math.min(OUTBOX_FIRST_BACKOFF_MS * 2 ** Math.max(0, attempt - 1), OUTBOX_MAX_BACKOFF_MS);
}

interface ClaimedRow {
  id: number;
  to: string;
  subject?: string;
  text: string;
  html?: string;
  reply_to?: string | null;
  headers?: Record<string, string> | string | null;
  attempts: number;
  expires_at: Date | string | null;
  request_id: string | null;
}

/**
 * Claims up to `limit` due messages of a channel: pending, their next try come, held by nobody. `FOR UPDATE SKIP
 * LOCKED` lets two processes claim at once without waiting on each other or taking the same row; the claim counts a
 * try and holds the row for OUTBOX_LEASE_MS, so a message is handed to its provider by one process only.
 */
async function claim(db: Executor, channel: OutboxChannel, now: Date, limit: number): Promise<ClaimedRow[]> {
  const table = sql.identifier(OUTBOX_TABLES[channel]);
  const lease = new Date(now.getTime() + OUTBOX_LEASE_MS);
  return rowsOf<ClaimedRow>(
    await db.execute(sql`
      update ${table} set locked_until = ${lease}, attempts = attempts + 1
      where id in (
        select id from ${table}
        where status = 'pending' and next_attempt_at <= ${now} and (locked_until is null or locked_until < ${now})
        order by id limit ${limit}
        for update skip locked)
      returning *`),
  );
}

/** Gives claimed messages back untried: no try counted, held by nobody. */
async function release(db: Executor, channel: OutboxChannel, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const table = sql.identifier(OUTBOX_TABLES[channel]);
  await db.execute(sql`
    update ${table} set locked_until = null, attempts = attempts - 1
    where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

async function settle(
  db: Executor,
  channel: OutboxChannel,
  id: number,
  outcome: { sent: true; at: Date } | { sent: false; dead: boolean; error: string; retryAt: Date },
) {
  const table = sql.identifier(OUTBOX_TABLES[channel]);
  if (outcome.sent) {
    await db.execute(
      sql`update ${table} set status = 'sent', sent_at = ${outcome.at}, locked_until = null, last_error = null where id = ${id}`,
    );
  } else {
    await db.execute(sql`
      update ${table} set status = ${outcome.dead ? 'dead' : 'pending'}, next_attempt_at = ${outcome.retryAt},
        locked_until = null, last_error = ${outcome.error.slice(0, 1000)}
      where id = ${id}`);
  }
}

export interface OutboxPass {
  sent: number;
  failed: number;
  dead: number;
}

/**
 * One pass of the outbox worker (docs/operations.md "Outbox"): claims the due e-mails and SMS and hands each to its
 * provider (the SMTP server, Africa's Talking; without one, the row stays as the development mailbox's and is sent).
 * A failed try waits outboxBackoffMs and is tried again; after OUTBOX_MAX_ATTEMPTS tries, or past its `expires_at`,
 * a message is a dead letter, listed and sent again from the back office or the command line (docs/operations.md "Outbox"). Run by the job runner
 * (src/server/jobs/schedule.ts); tests call it with the time and the senders they choose.
 */
export async function deliverOutbox(
  db: Executor,
  {
    now = new Date(),
    limit = OUTBOX_BATCH,
    mail = getMailSender(),
    sms = getSmsSender(),
    handOverForMs = OUTBOX_LEASE_MS / 2,
  }: { now?: Date; limit?: number; mail?: MailSender; sms?: SmsSender; handOverForMs?: number } = {},
): Promise<OutboxPass> {
  const pass: OutboxPass = { sent: 0, failed: 0, dead: 0 };
  for (const channel of ['mail', 'sms'] as const) {
    const claimed = await claim(db, channel, now, limit);
    const heldSince = Date.now();
    for (const [index, row] of claimed.entries()) {
      // A slow provider (20 s time-outs) must not outlast the hold: past half of it, the messages not yet handed over
      // go back untried for the next pass, before another process could claim them while this one still sends.
      if (Date.now() - heldSince > handOverForMs) {
        await release(
          db,
          channel,
          claimed.slice(index).map((rest) => rest.id),
        );
        break;
      }
      // Each line names the message and the request that queued it (its stored request id), never the text; an SMS's
      // number only masked.
      const fields = {
        component: 'outbox',
        channel,
        messageId: row.id,
        requestId: row.request_id ?? null,
        attempt: row.attempts,
        ...(channel === 'sms' ? { to: maskPhone(row.to) } : {}),
      };
      const where = `${channel} #${row.id}`;
      if (isPastDeadline(row.expires_at, now)) {
        await settle(db, channel, row.id, { sent: false, dead: true, error: OUTBOX_EXPIRED_ERROR, retryAt: now });
        log.warn(fields, `${where} expired before delivery: a dead letter`);
        pass.dead++;
        continue;
      }
      try {
        if (channel === 'mail') {
          const headers = typeof row.headers === 'string' ? JSON.parse(row.headers) : row.headers;
          await mail.send({
            to: row.to,
            subject: row.subject ?? '',
            text: row.text,
            html: row.html ?? '',
            ...(row.reply_to ? { replyTo: row.reply_to } : {}),
            ...(headers ? { headers } : {}),
          });
        } else {
          await sms.send(row.to, row.text);
        }
        await settle(db, channel, row.id, { sent: true, at: new Date() });
        const via = channel === 'mail' ? mail.kind : (sms.kind ?? 'provider');
        log.info(
          { ...fields, via },
          `${where} ${via === 'mailbox' ? 'kept for the development mailbox' : 'delivered'}`,
        );
        pass.sent++;
      } catch (cause) {
        const error = errorMessage(cause);
        const dead = row.attempts >= OUTBOX_MAX_ATTEMPTS;
        // A dead letter keeps the time it was given up as its next_attempt_at (the back office lists it by that).
        const retryAt = dead ? now : new Date(now.getTime() + outboxBackoffMs(row.attempts));
        await settle(db, channel, row.id, { sent: false, dead, error, retryAt });
        log.error(
          { ...fields, dead, ...(dead ? {} : { nextAttemptAt: retryAt.toISOString() }) },
          `${where} try ${row.attempts} failed: ${error}; ${dead ? 'given up: a dead letter' : `next try at ${retryAt.toISOString()}`}`,
        );
        if (dead) pass.dead++;
        else pass.failed++;
      }
    }
  }
  return pass;
}
