import { hostname } from 'node:os';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '~/server/db';
import { jobRuns, scheduledJobs } from '~/server/db/schema';
import { isShuttingDown, onShutdown } from '~/server/lifecycle';
import { errorMessage, log } from '~/server/log';
import { counter, histogram } from '~/server/metrics';
import { processGlobal } from '~/server/process-global';

/** A job the runner runs every `everyMs`, once across all processes (docs/operations.md "Jobs"). */
export interface ScheduledJob {
  /** Its row in `scheduled_jobs` and its name in log lines and the back office. */
  name: string;
  everyMs: number;
  /**
   * How long a process may hold a run: past it another process claims the job (the holder died). Longer than any
   * run; a job whose work is claimed row by row (the outbox) may overlap itself safely and keeps it short.
   */
  leaseMs: number;
  run: (db: Database, now: Date) => Promise<unknown>;
  /**
   * Whether a run's result says it found nothing to do. Such a run counts in the job's row (last run, runs) but
   * leaves no line in `job_runs`: the outbox looks every second, and its history is the runs that moved mail.
   */
  isIdle?: (result: unknown) => boolean;
}

/** This process in `locked_by` and the run history: host and pid. */
export const PROCESS_NAME = `${hostname()}:${process.pid}`;

/** Ensures each job has its row: a new job is due at once. */
export async function registerJobs(db: Executor, jobs: readonly ScheduledJob[], now = new Date()): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insert(scheduledJobs)
    .values(jobs.map((job) => ({ name: job.name, nextRunAt: now })))
    .onConflictDoNothing();
}

/**
 * Claims `job` for a run when it is due and nobody holds it: one UPDATE, so of two processes asking at once one
 * gets the row (PostgreSQL re-checks the condition on the row the other just changed) and the other gets nothing.
 * The next run is due `everyMs` after this one's start.
 */
export async function claimJob(db: Executor, job: ScheduledJob, now: Date, by = PROCESS_NAME): Promise<boolean> {
  const claimed = await db
    .update(scheduledJobs)
    .set({
      lockedUntil: new Date(now.getTime() + job.leaseMs),
      lockedBy: by,
      lastStartedAt: now,
      nextRunAt: new Date(now.getTime() + job.everyMs),
    })
    .where(
      and(
        eq(scheduledJobs.name, job.name),
        lte(scheduledJobs.nextRunAt, now),
        or(isNull(scheduledJobs.lockedUntil), lt(scheduledJobs.lockedUntil, now)),
      ),
    )
    .returning({ name: scheduledJobs.name });
  return claimed.length > 0;
}

const jobRunsTotal = counter({
  name: 'mavuno_job_runs_total',
  help: 'Runs of a scheduled job by this process (docs/operations.md "Jobs")',
  labelNames: ['job'],
});
const jobFailuresTotal = counter({
  name: 'mavuno_job_failures_total',
  help: 'Failed runs of a scheduled job by this process',
  labelNames: ['job'],
});
const jobDuration = histogram({
  name: 'mavuno_job_duration_seconds',
  help: "A scheduled job's run time in this process",
  labelNames: ['job'],
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
});

export interface JobOutcome {
  job: string;
  durationMs: number;
  error: string | null;
}

/** Runs a claimed job and records the run: its row (last run, counts) and a line of history. */
async function runClaimed(db: Database, job: ScheduledJob, now: Date, by: string): Promise<JobOutcome> {
  const started = Date.now();
  // The run's name in its log lines: the job and the time it was claimed for (its row in job_runs has the same start).
  const run = now.toISOString();
  let error: string | null = null;
  let idle = false;
  try {
    const result = await job.run(db, now);
    idle = job.isIdle?.(result) ?? false;
  } catch (cause) {
    error = errorMessage(cause);
    log.error({ component: 'job', job: job.name, run, err: cause }, `job ${job.name} failed: ${error}`);
  }
  const durationMs = Date.now() - started;
  jobRunsTotal.inc({ job: job.name });
  if (error) jobFailuresTotal.inc({ job: job.name });
  jobDuration.observe({ job: job.name }, durationMs / 1000);
  log.debug({ component: 'job', job: job.name, run, durationMs, failed: error !== null }, `job ${job.name} ran`);
  const finishedAt = new Date(now.getTime() + durationMs);
  await db.transaction(async (tx) => {
    await tx
      .update(scheduledJobs)
      .set({
        lockedUntil: null,
        lockedBy: null,
        lastFinishedAt: finishedAt,
        lastDurationMs: durationMs,
        lastError: error,
        runs: sql`${scheduledJobs.runs} + 1`,
        failures: error ? sql`${scheduledJobs.failures} + 1` : scheduledJobs.failures,
        consecutiveFailures: error ? sql`${scheduledJobs.consecutiveFailures} + 1` : 0,
      })
      .where(and(eq(scheduledJobs.name, job.name), eq(scheduledJobs.lockedBy, by)));
    if (!idle)
      await tx.insert(jobRuns).values({ job: job.name, process: by, startedAt: now, finishedAt, durationMs, error });
  });
  return { job: job.name, durationMs, error };
}

/**
 * One pass of the runner: every due job this process can claim is run, one after the other. Tests call it with the
 * time they choose (and the name of a process they play).
 */
export async function runDueJobs(
  db: Database,
  jobs: readonly ScheduledJob[],
  { now = () => new Date(), by = PROCESS_NAME, stopping = () => false } = {},
): Promise<JobOutcome[]> {
  const outcomes: JobOutcome[] = [];
  for (const job of jobs) {
    if (stopping()) break;
    const at = now();
    if (await claimJob(db, job, at, by)) outcomes.push(await runClaimed(db, job, at, by));
  }
  return outcomes;
}

type Slot = { timer?: NodeJS.Timeout; running: Map<string, Promise<unknown>>; stopping?: boolean };

/** How often a worker process looks for due jobs. */
export const RUNNER_TICK_MS = 1_000;

/**
 * Starts this process's runner (a worker process: WORKERS, src/server/env.ts): every second it claims each job that
 * is due and that no process holds, and runs it — each job on its own, so a long one (the news e-mails) does not hold
 * back the outbox. Once per process (a dev reload finds it running); a job still running here when it is due again is
 * not doubled; a failing claim (the database away) is logged and the next tick tries again. On shutdown the ticks
 * stop at once and the running jobs finish before the database closes.
 */
export async function startJobRunner(db: Database, jobs: readonly ScheduledJob[]): Promise<void> {
  const slot = processGlobal<Slot>('mavuno.job-runner', () => ({ running: new Map() }));
  if (slot.timer) return;
  await registerJobs(db, jobs);
  const tick = () => {
    for (const job of jobs) {
      // No new run from the moment shutdown begins; the running ones finish before the database closes.
      if (slot.stopping || isShuttingDown() || slot.running.has(job.name)) continue;
      const now = new Date();
      const run = claimJob(db, job, now)
        .then((claimed) => (claimed ? runClaimed(db, job, now, PROCESS_NAME) : undefined))
        .catch((error) =>
          log.error({ component: 'job', job: job.name }, `job ${job.name}: claim failed: ${errorMessage(error)}`),
        )
        .finally(() => slot.running.delete(job.name));
      slot.running.set(job.name, run);
    }
  };
  slot.timer = setInterval(tick, RUNNER_TICK_MS);
  slot.timer.unref();
  tick();
  onShutdown('job runner', async () => {
    slot.stopping = true;
    clearInterval(slot.timer);
    slot.timer = undefined;
    await Promise.all(slot.running.values());
  });
}
