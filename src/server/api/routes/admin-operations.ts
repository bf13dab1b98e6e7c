import { Hono } from 'hono';
import {
  deadLettersQuerySchema,
  jobRunsQuerySchema,
  retryAllDeadLettersSchema,
  retryDeadLetterSchema,
} from '~/features/admin/operations';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { staffActorOf } from '~/server/services/admin/access';
import { listDeadLetters } from '~/server/services/outbox/list-dead-letters';
import { listJobRuns } from '~/server/services/outbox/list-job-runs';
import { listJobs } from '~/server/services/outbox/list-jobs';
import { retryAllDeadLetters } from '~/server/services/outbox/retry-all-dead-letters';
import { retryDeadLetter } from '~/server/services/outbox/retry-dead-letter';

/** The Operations section's calls (docs/backoffice.md "Operations"): capability `operations`. */
export function adminOperationsRoutes() {
  const app = new Hono<ApiEnv>();
  const base = { tag: 'Back office', auth: true, staff: 'operations' } as const;

  endpoint(
    app,
    {
      ...base,
      method: 'get',
      path: '/admin/operations/dead-letters',
      summary: 'The outbox’s dead letters (mail, sms or both), newest first, with the count of each kind',
      query: deadLettersQuerySchema,
    },
    async (c, { user, query }) => listDeadLetters(await getDb(), staffActorOf(user, c.get('ip')), query),
  );

  endpoint(
    app,
    {
      ...base,
      method: 'post',
      path: '/admin/operations/dead-letters/retry',
      summary: 'Send a dead letter again (409 if not dead, 409 outbox.message_expired past its deadline)',
      body: retryDeadLetterSchema,
    },
    async (c, { user, body }) => retryDeadLetter(await getDb(), staffActorOf(user, c.get('ip')), body),
  );

  endpoint(
    app,
    {
      ...base,
      method: 'post',
      path: '/admin/operations/dead-letters/retry-all',
      summary: 'Send again every dead letter (of one kind) not past its deadline; counts those retried and expired',
      body: retryAllDeadLettersSchema,
    },
    async (c, { user, body }) => retryAllDeadLetters(await getDb(), staffActorOf(user, c.get('ip')), body),
  );

  endpoint(
    app,
    {
      ...base,
      method: 'get',
      path: '/admin/operations/jobs',
      summary: 'Every scheduled job with its last run, duration, error, counts and holder',
    },
    async (c, { user }) => ({ items: await listJobs(await getDb(), staffActorOf(user, c.get('ip'))) }),
  );

  endpoint(
    app,
    {
      ...base,
      method: 'get',
      path: '/admin/operations/jobs/runs',
      summary: 'A job and its runs, newest first (errors=1: failed runs only); 404 for an unknown job',
      query: jobRunsQuerySchema,
    },
    async (c, { user, query }) => listJobRuns(await getDb(), staffActorOf(user, c.get('ip')), query),
  );

  return app;
}
