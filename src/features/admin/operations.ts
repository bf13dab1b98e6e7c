import { isPastDeadline } from '~/features/outbox/deadline';
import { z } from 'zod';
import { requiredInt } from '~/features/validation/fields';

/**
 * The back office's Operations section (docs/backoffice.md "Operations"): the outbox's dead letters and the scheduled
 * jobs. Shared by the page (src/pages/admin/operations/), the API (src/server/api/routes/admin-operations.ts) and the
 * command line (scripts/admin.ts).
 */
export const OUTBOX_KINDS = ['mail', 'sms'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

const blankAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Dead letters of one kind or both, newest first. */
export const deadLettersQuerySchema = z.object({
  kind: z.preprocess(blankAsUndefined, z.enum(OUTBOX_KINDS).optional()),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  'per-page': z.coerce.number().int().min(1).max(100).default(25),
});
export type DeadLettersQuery = z.infer<typeof deadLettersQuerySchema>;

/** One dead letter to send again. */
export const retryDeadLetterSchema = z.object({ kind: z.enum(OUTBOX_KINDS), id: requiredInt() });

/** Every dead letter that can be sent again, of one kind or both. */
export const retryAllDeadLettersSchema = z.object({
  kind: z.preprocess(blankAsUndefined, z.enum(OUTBOX_KINDS).optional()),
});

/** A job's runs, newest first. The history has no total (the outbox runs every second): a page more while there are more. */
export const jobRunsQuerySchema = z.object({
  job: z.string().trim().min(1).max(80),
  errors: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()).default(false),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  'per-page': z.coerce.number().int().min(1).max(100).default(50),
});
export type JobRunsQuery = z.infer<typeof jobRunsQuerySchema>;

/**
 * The retry rule (docs/backoffice.md "Operations"): a dead letter may be sent again unless its `expires_at` has passed
 * — a PIN, a confirmation or a reset link that is worth nothing now; the member asks for a new one instead.
 */
export function isDeadLetterRetryable(expiresAt: Date | null, now: Date): boolean {
  return !isPastDeadline(expiresAt, now);
}

/** An SMS on a list: its first words, with every run of four digits or more hidden (a PIN, an amount, a number). */
export function smsExcerpt(text: string, length = 60): string {
  const masked = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\d{4,}/g, (run) => '•'.repeat(run.length));
  return masked.length > length ? `${masked.slice(0, length).trimEnd()}…` : masked;
}
