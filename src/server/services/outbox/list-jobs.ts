import { asc } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { scheduledJobs } from '~/server/db/schema';
import { type Operator, staffOperator } from './operator';

export interface JobItem {
  name: string;
  next_run_at: string;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_duration_ms: number | null;
  /** The last run's error; null when it succeeded (or never ran). */
  last_error: string | null;
  runs: number;
  failures: number;
  /** Failures since the last run that succeeded: what to alert on. */
  consecutive_failures: number;
  /** The process running it now (host:pid) and until when at most; null when nobody holds it. */
  held_by: string | null;
  held_until: string | null;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * Every scheduled job (src/server/jobs/schedule.ts) with its last run, duration, error and counts, as the runner
 * keeps them in `scheduled_jobs` (src/server/jobs/runner.ts), by name (docs/backoffice.md "Operations"). A hold past
 * its lease is nobody's: the process died and the next claim takes the job.
 */
export async function listJobs(db: Executor, operator: Operator, now = new Date()): Promise<JobItem[]> {
  staffOperator(operator);
  const rows = await db.select().from(scheduledJobs).orderBy(asc(scheduledJobs.name));
  return rows.map((row) => {
    const held = row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime();
    return {
      name: row.name,
      next_run_at: row.nextRunAt.toISOString(),
      last_started_at: iso(row.lastStartedAt),
      last_finished_at: iso(row.lastFinishedAt),
      last_duration_ms: row.lastDurationMs,
      last_error: row.lastError,
      runs: row.runs,
      failures: row.failures,
      consecutive_failures: row.consecutiveFailures,
      held_by: held ? row.lockedBy : null,
      held_until: held ? iso(row.lockedUntil) : null,
    };
  });
}
