import type { Executor } from '~/server/db';
import { OUTBOX_BATCH, type OutboxPass, deliverOutbox } from './deliver-outbox';

/**
 * The outbox job's run (src/server/jobs/schedule.ts): passes of the worker one after another while each finds a full
 * batch, for at most `forMs`. A backlog (a thousand mails queued while the SMTP server was down) then drains at the
 * provider's pace when it comes back, not one batch a second; a run stays short enough for the job's lease.
 */
export async function drainOutbox(
  db: Executor,
  options: Parameters<typeof deliverOutbox>[1] & { forMs?: number } = {},
): Promise<OutboxPass> {
  const { forMs = 20_000, now, ...senders } = options;
  const started = Date.now();
  const total: OutboxPass = { sent: 0, failed: 0, dead: 0 };
  for (;;) {
    const pass = await deliverOutbox(db, { ...senders, now: now ?? new Date() });
    total.sent += pass.sent;
    total.failed += pass.failed;
    total.dead += pass.dead;
    if (pass.sent + pass.failed + pass.dead < (senders.limit ?? OUTBOX_BATCH) || Date.now() - started >= forMs)
      return total;
  }
}
