import { sql } from 'drizzle-orm';
import { getDatabaseHandle, rowsOf } from '~/server/db';
import { errorMessage, log } from '~/server/log';
import { gauge } from '~/server/metrics';
import { startedChatHub } from '~/server/realtime/chat-hub';

/**
 * The gauges read when Prometheus scrapes (docs/operations.md "Metrics"): the pool, the chat hub, and what the database
 * holds — the outbox's depth and oldest waiting message, the jobs' consecutive failures, payments and payouts by state.
 * Those are the same for every process of a database: aggregate them with max(), not sum(). Each is one grouped count
 * over a small set of rows (the outbox's unsent rows, one row a job) or an aggregate PostgreSQL answers from its
 * table; they run at most once per SCRAPE_MIN_INTERVAL_MS however many scrapers ask.
 */
export const SCRAPE_MIN_INTERVAL_MS = 5_000;

const pool = gauge({
  name: 'mavuno_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting: requests queued for a connection); PGlite: total 1',
  labelNames: ['state'],
});
const databaseUp = gauge({
  name: 'mavuno_db_scrape_up',
  help: '1 when the last scrape could read the database, 0 when its queries failed',
});
const sseStreams = gauge({
  name: 'mavuno_sse_streams_open',
  help: 'Open chat live streams (text/event-stream) of this process',
});
const listenUp = gauge({
  name: 'mavuno_listen_connection_up',
  help: "1 while the chat hub's PostgreSQL LISTEN connection is up (always 1 on PGlite: no connection to lose)",
});
const outboxMessages = gauge({
  name: 'mavuno_outbox_messages',
  help: 'Unsent outbox messages by channel (mail, sms) and status (pending, dead: dead letters)',
  labelNames: ['channel', 'status'],
});
const outboxOldest = gauge({
  name: 'mavuno_outbox_oldest_pending_age_seconds',
  help: 'Age of the oldest pending outbox message by channel (0 when none waits)',
  labelNames: ['channel'],
});
const jobConsecutiveFailures = gauge({
  name: 'mavuno_job_consecutive_failures',
  help: 'Failed runs of a scheduled job since its last success (scheduled_jobs.consecutive_failures)',
  labelNames: ['job'],
});
const jobLastFinishedAge = gauge({
  name: 'mavuno_job_last_finished_age_seconds',
  help: "Seconds since a scheduled job's last run finished, in any process",
  labelNames: ['job'],
});
const paymentsByState = gauge({ name: 'mavuno_payments', help: 'Payments by status', labelNames: ['status'] });
const payoutsByState = gauge({ name: 'mavuno_payouts', help: 'Payouts by status', labelNames: ['status'] });

const number = (value: unknown) => Number(value ?? 0);

type Counts = {
  outbox: { channel: string; status: string; n: unknown; age: unknown }[];
  jobs: { name: string; failures: unknown; age: unknown }[];
  payments: { status: string; n: unknown }[];
  payouts: { status: string; n: unknown }[];
};

async function readCounts(): Promise<Counts> {
  const { db } = await getDatabaseHandle();
  const unsent = (table: string, channel: string) => sql`
    select ${channel}::text as channel, status, count(*) as n,
      extract(epoch from now() - min(created_at)) as age
    from ${sql.identifier(table)} where status <> 'sent' group by status`;
  const [mail, sms, jobs, payments, payouts] = await Promise.all([
    db.execute(unsent('mail_outbox', 'mail')),
    db.execute(unsent('sms_outbox', 'sms')),
    db.execute(sql`select name, consecutive_failures as failures,
      extract(epoch from now() - last_finished_at) as age from scheduled_jobs`),
    db.execute(sql`select status, count(*) as n from payments group by status`),
    db.execute(sql`select status, count(*) as n from payouts group by status`),
  ]);
  return {
    outbox: [...rowsOf<Counts['outbox'][number]>(mail), ...rowsOf<Counts['outbox'][number]>(sms)],
    jobs: rowsOf(jobs),
    payments: rowsOf(payments),
    payouts: rowsOf(payouts),
  };
}

function setCounts(counts: Counts): void {
  outboxMessages.reset();
  outboxOldest.reset();
  for (const channel of ['mail', 'sms']) {
    for (const status of ['pending', 'dead']) outboxMessages.set({ channel, status }, 0);
    outboxOldest.set({ channel }, 0);
  }
  for (const row of counts.outbox) {
    outboxMessages.set({ channel: row.channel, status: row.status }, number(row.n));
    if (row.status === 'pending') outboxOldest.set({ channel: row.channel }, Math.max(0, number(row.age)));
  }
  jobConsecutiveFailures.reset();
  jobLastFinishedAge.reset();
  for (const job of counts.jobs) {
    jobConsecutiveFailures.set({ job: job.name }, number(job.failures));
    if (job.age !== null && job.age !== undefined) jobLastFinishedAge.set({ job: job.name }, number(job.age));
  }
  paymentsByState.reset();
  for (const row of counts.payments) paymentsByState.set({ status: row.status }, number(row.n));
  payoutsByState.reset();
  for (const row of counts.payouts) payoutsByState.set({ status: row.status }, number(row.n));
}

let last: { at: number; done: Promise<void> } | undefined;

/** Brings the scrape-time gauges up to date (the database's at most every SCRAPE_MIN_INTERVAL_MS). */
export async function refreshScrapeGauges(now = Date.now()): Promise<void> {
  const hub = startedChatHub();
  sseStreams.set(hub?.size ?? 0);
  const handle = await getDatabaseHandle().catch(() => undefined);
  listenUp.set(hub ? (hub.live ? 1 : 0) : handle?.kind === 'pglite' ? 1 : 0);
  pool.reset();
  const stats = handle?.poolStats?.();
  if (stats) for (const [state, value] of Object.entries(stats)) pool.set({ state }, value);
  else if (handle) pool.set({ state: 'total' }, 1);

  if (!last || now - last.at >= SCRAPE_MIN_INTERVAL_MS) {
    last = {
      at: now,
      done: readCounts().then(
        (counts) => {
          setCounts(counts);
          databaseUp.set(1);
        },
        (error) => {
          databaseUp.set(0);
          log.warn({ component: 'metrics' }, `database gauges not read: ${errorMessage(error)}`);
        },
      ),
    };
  }
  await last.done;
}

/** Forgets when the database gauges were last read (tests that change the database between two scrapes). */
export function forgetScrapeGauges(): void {
  last = undefined;
}
