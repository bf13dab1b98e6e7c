import type { Executor } from '~/server/db';
import { isShuttingDown } from '~/server/lifecycle';
import { OUTBOX_BATCH, type OutboxPass, deliverOutbox } from './deliver-outbox';

/**
 * The outbox job's run (src/server/jobs/schedule.ts): passes of the worker one after another while each finds a full
 * batch, for at most `forMs`, and not past the start of shutdown. A backlog (a thousand mails queued while the SMTP server was down) then drains at the
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
    const drained = pass.sent + pass.failed + pass.dead < (senders.limit ?? OUTBOX_BATCH);
    // A stopping process finishes its batch and leaves the rest to the others (or to its next start).
    if (drained || Date.now() - started >= forMs || isShuttingDown()) return total;
  }
}
