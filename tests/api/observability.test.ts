import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { DrizzleQueryError, eq, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getApiApp } from '~/server/api/app';
import { jobRuns, scheduledJobs } from '~/server/db/schema';
import { createPageCache } from '~/server/cache/page-cache';
import { type ScheduledJob, registerJobs, runDueJobs } from '~/server/jobs/runner';
import { markShuttingDown } from '~/server/lifecycle';
import { getChatHub } from '~/server/realtime/chat-hub';
import { queueMail } from '~/server/mail';
import { parseEnv, replaceEnv } from '~/server/env';
import { handleWithRequestId } from '~/server/http/faults';
import { errorMessage, log } from '~/server/log';
import { answerOperatorPath, startMetricsListener } from '~/server/http/operator-endpoints';
import { forgetScrapeGauges } from '~/server/services/health/scrape-gauges';
import { deliverOutbox } from '~/server/services/outbox/deliver-outbox';
import { type FileStorage, getStorage, installStorage } from '~/server/storage';
import { signupFields, uniqueEmail, uniquePhone } from '../fixtures/accounts';
import { form } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';
import { useLogCapture } from '../fixtures/logs';

/**
 * Logs, metrics and readiness (docs/operations.md "Logs", "Metrics", "Health"), through a real HTTP server wired as
 * src/server/main.ts wires its own: the request context and access line (handleWithRequestId), /readyz and /metrics
 * (answerOperatorPath), the render cache in front of the API, then the API.
 */
const database = useTestDatabase();
const logs = useLogCapture('debug');
const TOKEN = 'metrics-token-for-the-tests-0123';
const PASSWORD = 'harvest-2026';

let base: string;
let server: http.Server;
let address = 1;

beforeAll(async () => {
  // As the production server does at start-up: the chat hub listens (on PostgreSQL, its LISTEN connection).
  await getChatHub();
  const api = getRequestListener(getApiApp().fetch);
  const pages = createPageCache({ maxEntries: 50 });
  server = http.createServer((req, res) =>
    handleWithRequestId(req, res, () => {
      const path = (req.url ?? '/').split('?')[0];
      if (answerOperatorPath(req, res, path)) return;
      pages.serve(req, res, () => void api(req, res));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A request to the test server from an address of its own (the per-IP rate limits: TRUST_PROXY in the API suite). */
function call(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('X-Forwarded-For', `10.99.${address >> 8}.${address++ & 255}`);
  return fetch(`${base}${path}`, { ...init, headers });
}

const formPost = (path: string, body: URLSearchParams, headers: Record<string, string> = {}) =>
  call(path, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  });

/** The access line of the request answered with this id (written when its answer ends: waited for). */
async function accessLine(requestId: string) {
  for (let i = 0; i < 50; i++) {
    const line = logs.lines().find((entry) => entry.msg === 'request' && entry.requestId === requestId);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no access line for ${requestId}`);
}

/** Runs `work` with METRICS_TOKEN set to `token` (or unset), then puts the configuration back. */
async function withMetricsToken<T>(token: string | undefined, work: () => Promise<T>): Promise<T> {
  const previous = replaceEnv(parseEnv({ ...process.env, METRICS_TOKEN: token ?? '' }));
  try {
    return await work();
  } finally {
    replaceEnv(previous);
  }
}

describe('the access log', () => {
  it('writes one line for a signed-in request: id, route pattern, status, duration, member id, and no secret', async () => {
    const email = uniqueEmail('logged');
    const phone = uniquePhone();
    const signup = await formPost('/api-v2/user/signup/', signupFields({ email }));
    expect(signup.status).toBe(200);
    const login = await formPost('/api-v2/user/login', form({ email, password: PASSWORD }));
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    expect(token).toBeTruthy();

    const me = await call('/api-v2/user/index?token=in-the-query', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    const { id: memberId } = (await me.json()) as { id: number };
    const requestId = me.headers.get('x-request-id')!;

    const line = await accessLine(requestId);
    expect(line).toMatchObject({ method: 'GET', route: '/api-v2/user/index', status: 200, memberId, level: 30 });
    expect(typeof line.durationMs).toBe('number');
    expect(line.durationMs as number).toBeGreaterThanOrEqual(0);
    expect(logs.lines().filter((entry) => entry.msg === 'request' && entry.requestId === requestId)).toHaveLength(1);
    // The sign-in's own line: anonymous until then, and never its body.
    const loginLine = await accessLine(login.headers.get('x-request-id')!);
    expect(loginLine).toMatchObject({ route: '/api-v2/user/login', status: 200, memberId: null });

    // A PIN by SMS to a number, delivered: its line names the number masked only.
    const pin = await formPost('/api-v2/user/send-phone-pin', form({ phone }));
    expect(pin.status).toBe(200);
    await deliverOutbox(database.handle().db);
    const smsLine = logs
      .lines()
      .find((entry) => entry.channel === 'sms' && entry.requestId === pin.headers.get('x-request-id'));
    expect(smsLine?.to).toBe(`+254${'•'.repeat(phone.length - 7)}${phone.slice(-3)}`);

    const everything = logs.raw();
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(phone);
    expect(everything).not.toContain(phone.slice(1));
    expect(everything).not.toContain('in-the-query');
  });

  it('names a request no route took by its path made low-cardinality, and a 404 as unmatched', async () => {
    const missing = await call('/api-v2/no-such-thing/12345');
    expect(missing.status).toBe(404);
    expect(await accessLine(missing.headers.get('x-request-id')!)).toMatchObject({ route: 'unmatched', status: 404 });
  });

  it('carries the request id of the request that queued a mail onto its delivery line', async () => {
    const email = uniqueEmail('mailed');
    const signup = await formPost('/api-v2/user/signup/', signupFields({ email }), { 'X-Request-Id': 'trace-mail-26' });
    expect(signup.status).toBe(200);
    expect(signup.headers.get('x-request-id')).toBe('trace-mail-26');
    await deliverOutbox(database.handle().db);
    const delivered = logs
      .lines()
      .filter((entry) => entry.component === 'outbox' && entry.requestId === 'trace-mail-26');
    expect(delivered.length).toBeGreaterThanOrEqual(1);
    expect(delivered[0]).toMatchObject({ channel: 'mail', level: 30 });
    expect(String(delivered[0].msg)).toMatch(/^mail #\d+ /);
    expect(logs.raw()).not.toContain(email);
  });
});

/** A table of the test's own with a unique phone number: a second insert fails as a real query does. */
const contacts = pgTable('obs_contacts', { phone: text('phone').notNull().unique() });

describe('an error from the database', () => {
  it('is logged and stored without the values of its query or the row PostgreSQL names', async () => {
    const { db } = database.handle();
    await db.execute(sql`create table obs_contacts (phone text not null unique)`);
    const phone = uniquePhone();
    await db.insert(contacts).values({ phone });
    const insertAgain = () => db.insert(contacts).values({ phone });
    const failed = await insertAgain().then(
      () => undefined,
      (error: unknown) => error,
    );
    // What drizzle and the driver put in the error: the number in its message and params, and in its cause's detail.
    expect(failed).toBeInstanceOf(DrizzleQueryError);
    const queryError = failed as DrizzleQueryError;
    expect(queryError.message).toContain(phone);
    expect(queryError.params).toContain(phone);
    expect((queryError.cause as { detail?: string }).detail).toContain(phone);

    const before = logs.raw().length;
    log.error({ component: 'test', err: failed }, `insert failed: ${errorMessage(failed)}`);
    const written = logs.raw().slice(before);
    const line = JSON.parse(written) as { msg: string; err: Record<string, unknown> };
    expect(line.err).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '23505' } });
    expect(line.err.message).toContain('insert into "obs_contacts"');
    expect(line.err.stack).toContain('    at ');
    expect(line.msg).toMatch(/duplicate key value violates unique constraint/);
    expect(errorMessage(failed)).toMatch(/^Failed query: insert into "obs_contacts" .*: duplicate key value/);

    // A job that fails so: its stored error (scheduled_jobs.last_error, job_runs.error) and its log line.
    const name = `obs-insert-${Date.now()}`;
    const job: ScheduledJob = { name, everyMs: 60_000, leaseMs: 60_000, run: async () => void (await insertAgain()) };
    await registerJobs(db, [job], new Date(Date.now() - 1_000));
    await runDueJobs(db, [job]);
    const [row] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
    const runs = await db.select().from(jobRuns).where(eq(jobRuns.job, name));
    expect(row.lastError).toMatch(/duplicate key value violates unique constraint/);
    expect(runs.map((run) => run.error)).toEqual([row.lastError]);

    for (const text of [written, errorMessage(failed), row.lastError ?? '', logs.raw().slice(before)]) {
      expect(text).not.toContain(phone);
      expect(text).not.toContain(phone.slice(1));
      expect(text).not.toContain('Key (phone)');
    }
  });
});

describe('/metrics', () => {
  it('is not there without METRICS_TOKEN, and refuses a missing or wrong token', async () => {
    await withMetricsToken(undefined, async () => {
      expect((await call('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    });
    await withMetricsToken(TOKEN, async () => {
      expect((await call('/metrics')).status).toBe(401);
      const wrong = await call('/metrics', { headers: { Authorization: `Bearer ${TOKEN.slice(0, -1)}x` } });
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).not.toContain('http_requests_total');
    });
  });

  it('on METRICS_PORT, binds the loopback interface only without METRICS_TOKEN, and HOST to the token with it', async () => {
    const listen = async (token: string | undefined) => {
      const listener = startMetricsListener({ HOST: '0.0.0.0', METRICS_TOKEN: token }, 0);
      await new Promise((resolve) => listener.once('listening', resolve));
      return listener;
    };
    const scrape = (port: number, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}/metrics`, { headers });
    const close = (listener: http.Server) => new Promise((resolve) => listener.close(resolve));

    const open = await listen(undefined);
    try {
      const { address, port } = open.address() as AddressInfo;
      expect(address).toBe('127.0.0.1');
      const res = await scrape(port);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('http_requests_total');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      await close(open);
    }

    const guarded = await listen(TOKEN);
    try {
      const { address, port } = guarded.address() as AddressInfo;
      expect(address).toBe('0.0.0.0');
      expect((await scrape(port)).status).toBe(401);
      expect((await scrape(port, { Authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
      const res = await scrape(port, { Authorization: `Bearer ${TOKEN}` });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('http_requests_total');
    } finally {
      await close(guarded);
    }
  });

  it('answers the right token with the requests, the render cache, the outbox, the jobs and the webhooks', async () => {
    // A public list twice: rendered once, then answered from the render cache under the same route.
    const first = await call('/api-v2/country-dropdown');
    const second = await call('/api-v2/country-dropdown');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await accessLine(second.headers.get('x-request-id')!)).toMatchObject({ route: '/api-v2/country-dropdown' });
    // Two mails waiting, a job that fails, a webhook refused.
    await queueMail(database.handle().db, { to: uniqueEmail('waiting'), subject: 'Mahindi', text: 'Habari', html: '' });
    await queueMail(database.handle().db, { to: uniqueEmail('waiting'), subject: 'Mahindi', text: 'Habari', html: '' });
    const failing: ScheduledJob = {
      name: 'obs-failing',
      everyMs: 60_000,
      leaseMs: 60_000,
      run: async () => {
        throw new Error('the provider is away');
      },
    };
    await registerJobs(database.handle().db, [failing], new Date(Date.now() - 1_000));
    await runDueJobs(database.handle().db, [failing]);
    expect(logs.lines().find((entry) => entry.job === 'obs-failing' && entry.level === 50)).toBeTruthy();
    const webhook = await call('/api-v2/payments/webhooks/sandbox', { method: 'POST', body: '{"forged":true}' });
    expect(webhook.status).toBeGreaterThanOrEqual(400);
    forgetScrapeGauges();

    const scrape = await withMetricsToken(TOKEN, () =>
      call('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } }),
    );
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toContain('text/plain');
    expect(scrape.headers.get('cache-control')).toBe('no-store');
    const text = await scrape.text();
    const value = (pattern: RegExp) => Number(text.match(pattern)?.[1] ?? Number.NaN);

    expect(value(/^http_requests_total\{status="200"\} (\d+)/m)).toBeGreaterThanOrEqual(2);
    expect(
      value(
        /^http_request_duration_seconds_count\{method="GET",route="\/api-v2\/country-dropdown",status_class="2xx"\} (\d+)/m,
      ),
    ).toBe(2);
    expect(value(/^mavuno_render_cache_lookups_total\{result="hit"\} (\d+)/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^mavuno_render_cache_lookups_total\{result="miss"\} (\d+)/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^mavuno_outbox_messages\{channel="mail",status="pending"\} (\d+)/m)).toBeGreaterThanOrEqual(2);
    expect(value(/^mavuno_outbox_oldest_pending_age_seconds\{channel="mail"\} ([\d.e+-]+)/m)).toBeGreaterThanOrEqual(0);
    expect(value(/^mavuno_outbox_messages\{channel="sms",status="dead"\} (\d+)/m)).toBe(0);
    expect(value(/^mavuno_job_runs_total\{job="obs-failing"\} (\d+)/m)).toBe(1);
    expect(value(/^mavuno_job_failures_total\{job="obs-failing"\} (\d+)/m)).toBe(1);
    expect(value(/^mavuno_job_consecutive_failures\{job="obs-failing"\} (\d+)/m)).toBe(1);
    // The suite's files share the process's counters (vitest.config.ts): another file's refusals may be counted too.
    expect(
      value(/^mavuno_payment_webhooks_total\{provider="sandbox",outcome="payments.webhook_refused"\} (\d+)/m),
    ).toBeGreaterThanOrEqual(1);
    // PGlite is one connection; PostgreSQL's pool (TEST_DATABASE_URL) has opened one at least.
    if (database.handle().kind === 'pglite')
      expect(value(/^mavuno_db_pool_connections\{state="total"\} (\d+)/m)).toBe(1);
    else expect(value(/^mavuno_db_pool_connections\{state="waiting"\} (\d+)/m)).toBe(0);
    expect(value(/^mavuno_db_pool_connections\{state="total"\} (\d+)/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^mavuno_db_scrape_up (\d+)/m)).toBe(1);
    expect(value(/^mavuno_listen_connection_up (\d+)/m)).toBe(1);
    expect(value(/^mavuno_sse_streams_open (\d+)/m)).toBe(0);
    for (const name of [
      'mavuno_payments',
      'mavuno_payouts',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text).toContain(`# TYPE ${name} `);
    // Prometheus's polls are logged at debug only.
    expect(await accessLine(scrape.headers.get('x-request-id')!)).toMatchObject({ route: '/metrics', level: 20 });
  });
});

describe('/readyz', () => {
  it('answers ok while the database and the file store answer, never cached, logged at debug', async () => {
    const ready = await call('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.text()).toBe('ok\n');
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await accessLine(ready.headers.get('x-request-id')!)).toMatchObject({ route: '/readyz', level: 20 });
  });

  it('answers 503 while the file store is unreachable', async () => {
    const previous = getStorage();
    const unreachable: FileStorage = {
      ...previous,
      ping: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:9000');
      },
    };
    installStorage(unreachable);
    try {
      const res = await call('/readyz');
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('storage unreachable');
    } finally {
      installStorage(previous);
    }
    expect((await call('/readyz')).status).toBe(200);
  });

  it('answers 503 while the LISTEN connection is down (PostgreSQL; PGlite has none to lose)', async () => {
    const hub = await getChatHub();
    hub.hear('lost');
    try {
      const res = await call('/readyz');
      if (database.handle().kind === 'postgres') {
        expect(res.status).toBe(503);
        expect(await res.text()).toContain('LISTEN connection down');
      } else expect(res.status).toBe(200);
      const scrape = await withMetricsToken(TOKEN, () =>
        call('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } }),
      );
      expect(await scrape.text()).toMatch(/^mavuno_listen_connection_up 0$/m);
    } finally {
      hub.hear('live');
    }
    expect((await call('/readyz')).status).toBe(200);
  });

  it('answers 503 from the moment shutdown begins', async () => {
    markShuttingDown(true);
    try {
      const res = await call('/readyz');
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('shutting down');
    } finally {
      markShuttingDown(false);
    }
    expect((await call('/readyz')).status).toBe(200);
  });
});
