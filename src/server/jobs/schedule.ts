import type { DatabaseHandle } from '~/server/db';
import { publishDueArticles } from '~/server/services/articles/publish-due-articles';
import { sendNewsNotifications } from '~/server/services/articles/send-news-notifications';
import { notifyUnread } from '~/server/services/chat/notify-unread';
import { autoReleaseDeals } from '~/server/services/deals/auto-release-deals';
import { analyzeDatabase } from '~/server/services/maintenance/analyze-database';
import { purgeExpired } from '~/server/services/maintenance/purge-expired';
import type { OutboxPass } from '~/server/services/outbox/deliver-outbox';
import { drainOutbox } from '~/server/services/outbox/drain-outbox';
import { sendPriceAlerts } from '~/server/services/statistics/send-price-alerts';
import type { ScheduledJob } from './runner';

const MINUTE = 60_000;

/**
 * Every scheduled job, run by the job runner of the worker processes (src/server/jobs/runner.ts; docs/operations.md
 * "Jobs"): each run once across all processes, its last run, duration and error kept in `scheduled_jobs` and its runs
 * in `job_runs`. Each service is safe to run again after a process died mid-run (its own claims: the chat notices'
 * and price alerts' claim rows, the release's ledger key, the outbox's row locks); tests call the services with the
 * time they choose.
 */
export function scheduledJobs(database: DatabaseHandle): ScheduledJob[] {
  return [
    // E-mails and SMS (docs/operations.md "Outbox"): every second, batch after batch while there is a backlog (at
    // most 20 s a run); the messages are claimed row by row, so a run may overlap another process's safely.
    {
      name: 'outbox',
      everyMs: 1_000,
      leaseMs: MINUTE,
      run: (db) => drainOutbox(db),
      // A second's look that found no message leaves no line of history (86,400 a day otherwise).
      isIdle: (pass) => {
        const { sent, failed, dead } = pass as OutboxPass;
        return sent + failed + dead === 0;
      },
    },
    // Chat messages left unread for 15 minutes (docs/chat.md "Notices").
    { name: 'chat-notices', everyMs: MINUTE, leaseMs: 10 * MINUTE, run: (db, now) => notifyUnread(db, now) },
    // Scheduled articles, at most a minute after their time (docs/articles.md "States").
    { name: 'publish-articles', everyMs: MINUTE, leaseMs: 10 * MINUTE, run: (db, now) => publishDueArticles(db, now) },
    // A deal's frozen money N days after the goods were sent, unless disputed (docs/deals.md "Automatic release").
    {
      name: 'deal-auto-release',
      everyMs: 10 * MINUTE,
      leaseMs: 30 * MINUTE,
      run: (db, now) => autoReleaseDeals(db, now),
    },
    // One e-mail a day at most about newly published articles (docs/articles.md "News e-mails").
    {
      name: 'news-digest',
      everyMs: 10 * MINUTE,
      leaseMs: 30 * MINUTE,
      run: (db, now) => sendNewsNotifications(db, now),
    },
    // Price alerts, once a day per alert (docs/statistics.md "Price alerts").
    {
      name: 'price-alerts',
      everyMs: 10 * MINUTE,
      leaseMs: 30 * MINUTE,
      run: (db, now) => sendPriceAlerts(db, { now }),
    },
    // Expired sessions, tokens, counters, orphan photos, old outbox rows and job runs; the embedded database's
    // statistics (PostgreSQL has autovacuum).
    {
      name: 'housekeeping',
      everyMs: 60 * MINUTE,
      leaseMs: 30 * MINUTE,
      run: async (db, now) => {
        await purgeExpired(db, now);
        if (database.kind === 'pglite') await analyzeDatabase(db);
      },
    },
  ];
}
