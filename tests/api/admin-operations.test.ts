import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, smsOutbox } from '~/server/db/schema';
import { formTokenFor } from '~/server/http/form-token';
import { type ScheduledJob, registerJobs, runDueJobs } from '~/server/jobs/runner';
import { type OperationsView, loadJobRunsPage, loadOperationsPage } from '~/server/loaders/admin-operations';
import { queueMail } from '~/server/mail';
import { queueSms } from '~/server/sms';
import {
  OUTBOX_EXPIRED_ERROR,
  OUTBOX_MAX_ATTEMPTS,
  deliverOutbox,
  outboxBackoffMs,
} from '~/server/services/outbox/deliver-outbox';
import { listDeadLetters } from '~/server/services/outbox/list-dead-letters';
import { listJobs } from '~/server/services/outbox/list-jobs';
import { retryAllDeadLetters } from '~/server/services/outbox/retry-all-dead-letters';
import { retryDeadLetter } from '~/server/services/outbox/retry-dead-letter';
import { signedUpUser, uniqueEmail } from '../fixtures/accounts';
import { apiRequest, form } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';
import { fakeProviders } from '../fixtures/outbox-providers';
import { TestCookies, formRequest } from '../fixtures/forms';
import { adminGate, staffMember } from './admin-helpers';

/** The back office's Operations section (docs/backoffice.md "Operations"): dead letters, their retry, the jobs. */
const database = useTestDatabase();
const db = () => database.handle().db;
const SECOND = 1_000;
const PATH = '/admin/operations';

/** Runs the outbox worker with failing providers until every message pending now has used its last try. */
async function deliverUntilDead() {
  const { mail, sms } = fakeProviders({ down: true });
  let now = new Date(Date.now() + SECOND);
  let lastPass = now;
  for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
    await deliverOutbox(db(), { now, mail, sms, limit: 100 });
    lastPass = now;
    now = new Date(now.getTime() + outboxBackoffMs(attempt) + SECOND);
  }
  return lastPass;
}

const mailRow = async (id: number) => (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
async function queuedMail(to: string, options: { expiresAt?: Date } = {}) {
  await queueMail(db(), { to, subject: 'Mahindi yako yameuzwa', text: 'Habari', html: '<p>Habari</p>' }, options);
  const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return row.id;
}

async function page(gate: ReturnType<typeof adminGate>): Promise<{ status: number; view: OperationsView }> {
  const outcome = await loadOperationsPage(gate);
  if ('redirect' in outcome) throw new Error(`redirected to ${outcome.redirect}`);
  return outcome;
}

const browser = () => {
  const cookies = new TestCookies();
  formTokenFor(cookies);
  return cookies;
};

describe('[ADMIN] operations: dead letters', () => {
  it('shows a dead letter to an administrator; Retry puts it back, audited, and it is then delivered once', async () => {
    const admin = await staffMember('admin');
    const to = uniqueEmail('dead');
    const id = await queuedMail(to);
    const givenUp = await deliverUntilDead();
    expect(await mailRow(id)).toMatchObject({ status: 'dead', attempts: OUTBOX_MAX_ATTEMPTS });

    const cookies = browser();
    const shown = await page(adminGate(admin, `${PATH}?kind=mail`, cookies));
    expect(shown.status).toBe(200);
    const item = shown.view.deadLetters.items.find((each) => each.id === id);
    expect(item).toMatchObject({
      kind: 'mail',
      recipient: to,
      summary: 'Mahindi yako yameuzwa',
      attempts: OUTBOX_MAX_ATTEMPTS,
      retryable: true,
      died_at: givenUp.toISOString(),
    });
    expect(item?.last_error).toContain('ECONNREFUSED');
    expect(shown.view.deadLetters.counts.mail).toBeGreaterThanOrEqual(1);

    const posted = await loadOperationsPage(
      adminGate(admin, PATH, cookies, { action: 'retry', kind: 'mail', id: String(id) }),
    );
    expect(posted).toMatchObject({ status: 303, redirect: `${PATH}?done=retry&kind=mail&id=${id}` });
    const retried = await mailRow(id);
    expect(retried).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    expect(retried.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'outbox.retry'), eq(auditLog.objectId, String(id))));
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      objectType: 'mail_outbox',
      after: { status: 'pending', attempts: 0 },
    });

    const after = await page(adminGate(admin, 'redirect' in posted ? posted.redirect : PATH, cookies));
    expect(after.view.done).toEqual({ action: 'retry', kind: 'mail', id });
    expect(after.view.deadLetters.items.map((each) => each.id)).not.toContain(id);

    const { state, mail, sms } = fakeProviders({ down: true });
    state.down = false;
    await deliverOutbox(db(), { now: new Date(Date.now() + SECOND), mail, sms, limit: 100 });
    await deliverOutbox(db(), { now: new Date(Date.now() + 60 * SECOND), mail, sms, limit: 100 });
    expect(state.handed.filter((address) => address === to)).toHaveLength(1);
    expect(await mailRow(id)).toMatchObject({ status: 'sent', attempts: 1 });
    // Sent is not dead: nothing to retry any more.
    await expect(retryDeadLetter(db(), admin.actor, { kind: 'mail', id })).rejects.toMatchObject({ code: 'conflict' });
  });

  it('refuses a message past its deadline with outbox.message_expired, on the page, the API and the command line', async () => {
    const admin = await staffMember('admin');
    const to = uniqueEmail('pin');
    const id = await queuedMail(to, { expiresAt: new Date(Date.now() - SECOND) });
    const { mail, sms } = fakeProviders({ down: true });
    await deliverOutbox(db(), { now: new Date(Date.now() + SECOND), mail, sms, limit: 100 });
    expect(await mailRow(id)).toMatchObject({ status: 'dead', lastError: OUTBOX_EXPIRED_ERROR });

    const cookies = browser();
    const shown = await page(adminGate(admin, PATH, cookies));
    expect(shown.view.deadLetters.items.find((each) => each.id === id && each.kind === 'mail')?.retryable).toBe(false);

    const refused = await page(
      adminGate(admin, `/fr${PATH}`, cookies, { action: 'retry', kind: 'mail', id: String(id) }, 'fr'),
    );
    expect(refused.status).toBe(409);
    expect(refused.view.form.problem).toContain('échéance');
    const api = await apiRequest('/admin/operations/dead-letters/retry', {
      method: 'POST',
      headers: { ...admin.auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ kind: 'mail', id: String(id) }),
    });
    expect([api.status, api.json.code]).toEqual([409, 'outbox.message_expired']);
    await expect(retryDeadLetter(db(), 'command_line', { kind: 'mail', id })).rejects.toMatchObject({
      code: 'outbox.message_expired',
    });
    expect(await mailRow(id)).toMatchObject({ status: 'dead', attempts: 1 });
  });

  it('refuses a post without the form token, and staff without the capability', async () => {
    const admin = await staffMember('admin');
    const support = await staffMember('support');
    const id = await queuedMail(uniqueEmail('guarded'));
    await deliverUntilDead();
    const cookies = browser();
    const fields = { action: 'retry', kind: 'mail', id: String(id) };
    const noToken = await page({
      ...adminGate(admin, PATH, cookies),
      request: { ...formRequest(PATH, { cookies, fields, token: null }), user: admin.user },
    });
    expect(noToken.status).toBe(403);
    expect(await mailRow(id)).toMatchObject({ status: 'dead' });

    await expect(loadOperationsPage(adminGate(support, PATH, cookies, fields))).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(retryDeadLetter(db(), support.actor, { kind: 'mail', id })).rejects.toMatchObject({
      code: 'forbidden',
    });
    const member = await signedUpUser();
    for (const [auth, status] of [
      [support.auth, 403],
      [member.auth, 403],
      [{}, 401],
    ] as const) {
      const res = await apiRequest('/admin/operations/dead-letters', { method: 'GET', headers: auth });
      expect(res.status).toBe(status);
    }
    expect(await mailRow(id)).toMatchObject({ status: 'dead' });
  });

  it('the command line lists SMS with the number masked and retries all it may, without an audit row', async () => {
    const phone = `+2547${String(Date.now()).slice(-8)}`;
    await queueSms(db(), phone, 'Your Mavuno code is 482913. Do not share it.');
    await queueSms(db(), phone, 'Your Mavuno code is 771204.', { expiresAt: new Date(Date.now() - SECOND) });
    await deliverUntilDead();
    const listed = await listDeadLetters(db(), 'command_line', { kind: 'sms', page: 1, 'per-page': 25 });
    const ours = listed.items.filter((item) => item.recipient.endsWith(phone.slice(-3)));
    expect(ours).toHaveLength(2);
    // The number as the log masks it too (src/features/accounts/mask-phone.ts): its country code and last three digits.
    expect(ours.map((item) => [item.kind, item.recipient])).toEqual([
      ['sms', `+254${'•'.repeat(phone.length - 7)}${phone.slice(-3)}`],
      ['sms', `+254${'•'.repeat(phone.length - 7)}${phone.slice(-3)}`],
    ]);
    expect(ours.map((item) => item.summary).join(' ')).not.toMatch(/482913|771204/);
    expect(ours.map((item) => item.retryable).sort()).toEqual([false, true]);

    const auditsBefore = (await db().select().from(auditLog).where(eq(auditLog.action, 'outbox.retry'))).length;
    const done = await retryAllDeadLetters(db(), 'command_line', { kind: 'sms' });
    expect(done.retried).toBeGreaterThanOrEqual(1);
    expect(done.expired).toBeGreaterThanOrEqual(1);
    const rows = await db().select().from(smsOutbox).where(eq(smsOutbox.to, phone));
    expect(rows.map((row) => row.status).sort()).toEqual(['dead', 'pending']);
    expect((await db().select().from(auditLog).where(eq(auditLog.action, 'outbox.retry'))).length).toBe(auditsBefore);
  });
});

describe('[ADMIN] operations: jobs', () => {
  const job = (name: string, run: ScheduledJob['run']): ScheduledJob => ({
    name,
    everyMs: 60_000,
    leaseMs: 600_000,
    run,
  });

  it('shows a job’s last error and failures in a row after a failing run, and its history page by page', async () => {
    const admin = await staffMember('admin');
    let fail = true;
    const flaky = job(`price-feed-${Date.now()}`, async () => {
      if (fail) throw new Error('price feed away');
    });
    const start = new Date(Date.now() + SECOND);
    await registerJobs(db(), [flaky], start);
    await runDueJobs(db(), [flaky], { now: () => start });
    await runDueJobs(db(), [flaky], { now: () => new Date(start.getTime() + 60_000) });

    const shown = await page(adminGate(admin, PATH, browser()));
    expect(shown.view.jobs.find((item) => item.name === flaky.name)).toMatchObject({
      last_error: 'price feed away',
      consecutive_failures: 2,
      runs: 2,
      failures: 2,
      held_by: null,
    });

    fail = false;
    await runDueJobs(db(), [flaky], { now: () => new Date(start.getTime() + 120_000) });
    expect((await listJobs(db(), 'command_line')).find((item) => item.name === flaky.name)).toMatchObject({
      last_error: null,
      consecutive_failures: 0,
      runs: 3,
    });

    const cookies = browser();
    const first = await loadJobRunsPage(adminGate(admin, `${PATH}/jobs/${flaky.name}?per-page=2`, cookies), flaky.name);
    expect(first.page.items.map((run) => run.error)).toEqual([null, 'price feed away']);
    expect(first.page._meta).toMatchObject({ currentPage: 1, pageCount: 2, totalCountCapped: true });
    const second = await loadJobRunsPage(
      adminGate(admin, `${PATH}/jobs/${flaky.name}?per-page=2&page=2`, cookies),
      flaky.name,
    );
    expect(second.page.items).toHaveLength(1);
    expect(second.page._meta.totalCountCapped).toBe(false);
    const failed = await loadJobRunsPage(adminGate(admin, `${PATH}/jobs/${flaky.name}?errors=1`, cookies), flaky.name);
    expect(failed.page.items.every((run) => run.error === 'price feed away')).toBe(true);
    expect(failed.page.items).toHaveLength(2);
    await expect(loadJobRunsPage(adminGate(admin, `${PATH}/jobs/nothing`, cookies), 'nothing')).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
