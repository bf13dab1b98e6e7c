import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobRuns, mailOutbox, scheduledJobs } from '~/server/db/schema';
import { type ScheduledJob, claimJob, registerJobs, runDueJobs } from '~/server/jobs/runner';
import { type MailMessage, type MailSender, queueMail } from '~/server/mail';
import {
  OUTBOX_BATCH,
  OUTBOX_MAX_ATTEMPTS,
  deliverOutbox,
  outboxBackoffMs,
} from '~/server/services/outbox/deliver-outbox';
import { drainOutbox } from '~/server/services/outbox/drain-outbox';
import { uniqueEmail } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { fakeProviders } from '../fixtures/outbox-providers';

/** The outbox (every e-mail and SMS) and the job runner (docs/operations.md "Outbox", "Jobs"). */
const database = useTestDatabase();
const db = () => database.handle().db;
const SECOND = 1_000;

const message = (to: string): MailMessage => ({ to, subject: 'Mahindi', text: 'Habari', html: '<p>Habari</p>' });
const rowOf = async (to: string) => (await db().select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0];

describe('the outbox', () => {
  it('is written with the transaction that causes it: a rolled-back change leaves no mail', async () => {
    const to = uniqueEmail('rolled-back');
    await expect(
      db().transaction(async (tx) => {
        await queueMail(tx, message(to));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowOf(to)).toBeUndefined();
  });

  it('drains a backlog batch after batch in one run of the job, each message once', async () => {
    const backlog = Array.from({ length: 2 * OUTBOX_BATCH + 5 }, (_, i) => uniqueEmail(`backlog-${i}`));
    for (const to of backlog) await queueMail(db(), message(to));
    const smtp = fakeProviders();
    const pass = await drainOutbox(db(), { now: new Date(Date.now() + SECOND), mail: smtp.mail });
    expect(pass.sent).toBeGreaterThanOrEqual(backlog.length);
    expect(smtp.handed.filter((to) => backlog.includes(to)).sort()).toEqual([...backlog].sort());
  });

  it('gives back, untried, the messages a slow mail server left no time for, before its hold could end', async () => {
    const slow = Array.from({ length: 3 }, (_, i) => uniqueEmail(`slow-${i}`));
    for (const to of slow) await queueMail(db(), message(to));
    const handed: string[] = [];
    const sluggish: MailSender = {
      kind: 'smtp',
      async send(mail) {
        await new Promise((resolve) => setTimeout(resolve, 60));
        handed.push(mail.to);
      },
    };
    const at = new Date(Date.now() + SECOND);
    await deliverOutbox(db(), { now: at, mail: sluggish, handOverForMs: 30 });
    const ours = () => handed.filter((to) => slow.includes(to));
    expect(ours()).toHaveLength(1);
    const waiting = await Promise.all(slow.filter((to) => !ours().includes(to)).map(rowOf));
    for (const row of waiting) expect(row).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    await deliverOutbox(db(), { now: at, mail: sluggish });
    expect(ours().sort()).toEqual([...slow].sort());
  });

  it('retries with backoff while the mail server is down, then delivers once', async () => {
    const to = uniqueEmail('retried');
    await queueMail(db(), message(to));
    const smtp = fakeProviders();
    smtp.state.down = true;
    const start = new Date(Date.now() + SECOND);
    expect((await deliverOutbox(db(), { now: start, mail: smtp.mail })).failed).toBeGreaterThanOrEqual(1);
    let row = await rowOf(to);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toContain('ECONNREFUSED');
    expect(row.nextAttemptAt.getTime()).toBe(start.getTime() + outboxBackoffMs(1));
    smtp.state.down = false;
    // Before its next try, nothing is sent.
    await deliverOutbox(db(), { now: new Date(start.getTime() + 10 * SECOND), mail: smtp.mail });
    expect(smtp.handed).not.toContain(to);
    const later = new Date(start.getTime() + outboxBackoffMs(1) + SECOND);
    await deliverOutbox(db(), { now: later, mail: smtp.mail });
    await deliverOutbox(db(), { now: new Date(later.getTime() + 3600_000), mail: smtp.mail });
    expect(smtp.handed.filter((address) => address === to)).toHaveLength(1);
    row = await rowOf(to);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('hands a message to one of two processes delivering at once', async () => {
    const to = uniqueEmail('once');
    await queueMail(db(), message(to));
    const smtp = fakeProviders();
    const now = new Date(Date.now() + SECOND);
    await Promise.all([deliverOutbox(db(), { now, mail: smtp.mail }), deliverOutbox(db(), { now, mail: smtp.mail })]);
    expect(smtp.handed.filter((address) => address === to)).toHaveLength(1);
  });

  it('gives up after its last try as a dead letter, and past its deadline without trying', async () => {
    const to = uniqueEmail('dead');
    await queueMail(db(), message(to));
    const smtp = fakeProviders();
    smtp.state.down = true;
    let now = new Date(Date.now() + SECOND);
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      await deliverOutbox(db(), { now, mail: smtp.mail });
      now = new Date(now.getTime() + outboxBackoffMs(attempt) + SECOND);
    }
    expect(await rowOf(to)).toMatchObject({ status: 'dead', attempts: OUTBOX_MAX_ATTEMPTS });
    smtp.state.down = false;
    await deliverOutbox(db(), { now, mail: smtp.mail });
    expect(smtp.handed).not.toContain(to);

    const late = uniqueEmail('late');
    await queueMail(db(), message(late), { expiresAt: new Date(Date.now() + 60 * SECOND) });
    await deliverOutbox(db(), { now: new Date(Date.now() + 120 * SECOND), mail: smtp.mail });
    expect(await rowOf(late)).toMatchObject({ status: 'dead', lastError: 'expired before delivery' });
    expect(smtp.handed).not.toContain(late);
  });
});

describe('the job runner', () => {
  const job = (name: string, run: ScheduledJob['run']): ScheduledJob => ({
    name,
    everyMs: 60_000,
    leaseMs: 600_000,
    run,
  });

  it('runs a due job once across two processes, records the run, and runs it again when it is due', async () => {
    let runs = 0;
    const counted = job(`counted-${Date.now()}`, async () => {
      runs++;
    });
    const start = new Date(Date.now() + SECOND);
    await registerJobs(db(), [counted], start);
    const [a, b] = await Promise.all([
      runDueJobs(db(), [counted], { now: () => start, by: 'process-a' }),
      runDueJobs(db(), [counted], { now: () => start, by: 'process-b' }),
    ]);
    expect(runs).toBe(1);
    expect(a.length + b.length).toBe(1);
    await runDueJobs(db(), [counted], { now: () => new Date(start.getTime() + 30_000), by: 'process-a' });
    expect(runs).toBe(1);
    await runDueJobs(db(), [counted], { now: () => new Date(start.getTime() + 60_000), by: 'process-b' });
    expect(runs).toBe(2);
    const [row] = await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, counted.name));
    expect(row).toMatchObject({ runs: 2, failures: 0, lockedUntil: null, lastError: null });
    expect(await db().select().from(jobRuns).where(eq(jobRuns.job, counted.name))).toHaveLength(2);
  });

  it('counts a run that found nothing to do in its row, without a line of history', async () => {
    let work = 0;
    const polled = {
      ...job(`polled-${Date.now()}`, async () => work),
      isIdle: (found: unknown) => found === 0,
    };
    const start = new Date(Date.now() + SECOND);
    await registerJobs(db(), [polled], start);
    await runDueJobs(db(), [polled], { now: () => start, by: 'process-a' });
    work = 3;
    await runDueJobs(db(), [polled], { now: () => new Date(start.getTime() + 60_000), by: 'process-a' });
    const [row] = await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, polled.name));
    expect(row.runs).toBe(2);
    const history = await db().select().from(jobRuns).where(eq(jobRuns.job, polled.name));
    expect(history.map((run) => run.startedAt.getTime())).toEqual([start.getTime() + 60_000]);
  });

  it('keeps a failure visible (error, count) and clears the count on the next success', async () => {
    let fail = true;
    const flaky = job(`flaky-${Date.now()}`, async () => {
      if (fail) throw new Error('price feed away');
    });
    const start = new Date(Date.now() + SECOND);
    await registerJobs(db(), [flaky], start);
    expect(await runDueJobs(db(), [flaky], { now: () => start })).toEqual([
      expect.objectContaining({ job: flaky.name, error: 'price feed away' }),
    ]);
    let [row] = await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, flaky.name));
    expect(row).toMatchObject({ failures: 1, consecutiveFailures: 1, lastError: 'price feed away', lockedUntil: null });
    fail = false;
    await runDueJobs(db(), [flaky], { now: () => new Date(start.getTime() + 60_000) });
    [row] = await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, flaky.name));
    expect(row).toMatchObject({ runs: 2, failures: 1, consecutiveFailures: 0, lastError: null });
  });

  it('lets another process take a job whose holder died, once its lease is over', async () => {
    const held = job(`held-${Date.now()}`, async () => {});
    const start = new Date(Date.now() + SECOND);
    await registerJobs(db(), [held], start);
    // Process A claims it and dies: its lease holds the job.
    expect(await claimJob(db(), held, start, 'process-a')).toBe(true);
    const due = new Date(start.getTime() + held.everyMs);
    expect(await claimJob(db(), held, due, 'process-b')).toBe(false);
    expect(await claimJob(db(), held, new Date(start.getTime() + held.leaseMs + SECOND), 'process-b')).toBe(true);
  });
});
