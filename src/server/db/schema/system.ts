import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Small key/value facts about this database (which data sets were loaded, and when). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The scheduled jobs (src/server/jobs/runner.ts): one row per job, which a process claims for a run (`locked_until`),
 * so that each run happens once across all processes; with the last run's facts for the back office.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  /** A process runs it until then at most; another may claim it after (the first one died). */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lockedBy: text('locked_by'),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastDurationMs: integer('last_duration_ms'),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
  failures: integer('failures').notNull().default(0),
  /** Failures since the last run that succeeded: what an operator alerts on. */
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
});

/** Each run of a scheduled job: when, how long, which process, and its error (kept 30 days: housekeeping). */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    job: text('job').notNull(),
    process: text('process').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('job_runs_job_idx').on(t.job, t.startedAt)],
);
