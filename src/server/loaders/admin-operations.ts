import {
  type DeadLettersQuery,
  type OutboxKind,
  OUTBOX_KINDS,
  deadLettersQuerySchema,
  jobRunsQuerySchema,
  retryAllDeadLettersSchema,
  retryDeadLetterSchema,
} from '~/features/admin/operations';
import { parseId } from '~/features/validation/fields';
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { AppError, isAppError } from '~/server/errors';
import { listDeadLetters } from '~/server/services/outbox/list-dead-letters';
import { listJobRuns } from '~/server/services/outbox/list-job-runs';
import { type JobItem, listJobs } from '~/server/services/outbox/list-jobs';
import { retryAllDeadLetters } from '~/server/services/outbox/retry-all-dead-letters';
import { retryDeadLetter } from '~/server/services/outbox/retry-dead-letter';
import type { AdminGate } from './admin';
import { type FormState, type PageOutcome, PRIVATE_PAGE, blankForm, handleFormPost } from './form-post';

/**
 * The back office's Operations pages (docs/backoffice.md "Operations"): /admin/operations (the scheduled jobs and the
 * outbox's dead letters, with "Retry") and /admin/operations/jobs/{name} (a job's runs). The retry forms post to the
 * page, pass the form token (handleFormPost) and call the same services as the API and the command line, which check
 * the capability `operations` again.
 */
export const OPERATIONS_PATH = '/admin/operations';

/** What the page confirms after a post (from the redirect's query). */
export type OperationsDone =
  { action: 'retry'; kind: OutboxKind; id: number } | { action: 'retry_all'; retried: number; expired: number };

export interface OperationsView {
  jobs: JobItem[];
  deadLetters: Awaited<ReturnType<typeof listDeadLetters>>;
  query: DeadLettersQuery;
  form: FormState;
  done: OperationsDone | undefined;
}

function queryOf(url: URL): DeadLettersQuery {
  const raw = Object.fromEntries([...url.searchParams.entries()].filter(([, value]) => value.trim() !== ''));
  try {
    return parseInput(deadLettersQuerySchema, raw);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return parseInput(deadLettersQuerySchema, {});
  }
}

function doneOf(url: URL): OperationsDone | undefined {
  const params = url.searchParams;
  const count = (name: string) => parseId(params.get(name) ?? '') ?? 0;
  if (params.get('done') === 'retry') {
    const kind = params.get('kind') as OutboxKind;
    const id = parseId(params.get('id') ?? '');
    return OUTBOX_KINDS.includes(kind) && id !== undefined ? { action: 'retry', kind, id } : undefined;
  }
  if (params.get('done') === 'retry_all')
    return { action: 'retry_all', retried: count('retried'), expired: count('expired') };
  return undefined;
}

/** A form that changes many rows at once asks for its box to be ticked (422 on `confirm` otherwise). */
function requireConfirm(fields: Record<string, string>) {
  if (fields.confirm !== '1' && fields.confirm !== 'on')
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { confirm: [{ key: 'admin.confirm_required' }] },
    });
}

/** /admin/operations: jobs and dead letters (one kind or both, 25 a page); posts `retry` (kind, id) or `retry_all`. */
export async function loadOperationsPage(gate: AdminGate): Promise<PageOutcome<OperationsView>> {
  const db = await getDb();
  const request = gate.request;
  const action = localizePath(OPERATIONS_PATH, request.locale);
  const query = queryOf(request.url);
  const view = async (form: FormState): Promise<OperationsView> => {
    const [jobs, deadLetters] = await Promise.all([listJobs(db, gate.actor), listDeadLetters(db, gate.actor, query)]);
    return { jobs, deadLetters, query, form, done: doneOf(request.url) };
  };
  if (request.request.method !== 'POST')
    return { view: await view(blankForm(request, action)), status: 200, headers: PRIVATE_PAGE };
  return handleFormPost(request, {
    action,
    shownFields: ['confirm'],
    keep: () => ({}),
    run: async (fields) => {
      if (fields.action === 'retry') {
        const target = parseInput(retryDeadLetterSchema, fields);
        await retryDeadLetter(db, gate.actor, target);
        return `${action}?${new URLSearchParams({ done: 'retry', kind: target.kind, id: String(target.id) })}`;
      }
      if (fields.action === 'retry_all') {
        requireConfirm(fields);
        const { kind } = parseInput(retryAllDeadLettersSchema, fields);
        const result = await retryAllDeadLetters(db, gate.actor, { kind });
        return `${action}?${new URLSearchParams({ done: 'retry_all', retried: String(result.retried), expired: String(result.expired) })}`;
      }
      throw new AppError('bad_request', 'errors.bad_request');
    },
    view: (form) => view(form),
  });
}

/** /admin/operations/jobs/{name}: the job's last run and its runs, newest first, 50 a page (`errors=1`: failed only). */
export async function loadJobRunsPage(gate: AdminGate, job: string) {
  const raw = Object.fromEntries(
    [...gate.request.url.searchParams.entries()].filter(([name, value]) => name !== 'job' && value.trim() !== ''),
  );
  if (!jobRunsQuerySchema.shape.job.safeParse(job).success) throw new AppError('not_found', 'admin.ops_job_not_found');
  let query = parseInput(jobRunsQuerySchema, { job });
  try {
    query = parseInput(jobRunsQuerySchema, { ...raw, job });
  } catch (error) {
    if (!isAppError(error)) throw error;
  }
  return { query, page: await listJobRuns(await getDb(), gate.actor, query) };
}
