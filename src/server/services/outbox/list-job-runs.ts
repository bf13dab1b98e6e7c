import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { JobRunsQuery } from '~/features/admin/operations';
import type { Executor } from '~/server/db';
import { jobRuns } from '~/server/db/schema';
import { type Page, pageOffset, toPage } from '~/server/db/pagination';
import { AppError } from '~/server/errors';
import { type JobItem, listJobs } from './list-jobs';
import { type Operator, staffOperator } from './operator';

export interface JobRunItem {
  id: number;
  process: string;
  started_at: string;
  finished_at: string;
  duration_ms: number;
  error: string | null;
}

/**
 * A scheduled job and its runs from `job_runs` (kept 30 days), newest first, 50 a page, or only the failed ones
 * (docs/backoffice.md "Operations"). The outbox runs every second, so its history is long: the list is not counted,
 * it reads one row more than a page to know whether an older page exists (`_meta.totalCountCapped`). Unknown job: 404.
 */
export async function listJobRuns(
  db: Executor,
  operator: Operator,
  query: JobRunsQuery,
  now = new Date(),
): Promise<Page<JobRunItem> & { job: JobItem }> {
  staffOperator(operator);
  const job = (await listJobs(db, operator, now)).find((item) => item.name === query.job);
  if (!job) throw new AppError('not_found', 'admin.ops_job_not_found');
  const paging = { page: query.page, perPage: query['per-page'] };
  const rows = await db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.job, query.job), query.errors ? isNotNull(jobRuns.error) : undefined))
    .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
    .limit(paging.perPage + 1)
    .offset(pageOffset(paging));
  const more = rows.length > paging.perPage;
  const items = rows.slice(0, paging.perPage).map((row) => ({
    id: row.id,
    process: row.process,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt.toISOString(),
    duration_ms: row.durationMs,
    error: row.error,
  }));
  return { ...toPage(items, pageOffset(paging) + items.length, paging, { capped: more }), job };
}
