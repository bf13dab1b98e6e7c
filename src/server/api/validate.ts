import type { z } from 'zod';
import { issueField, issueToMessage } from '~/features/validation/messages';
import { hasMessage } from '~/i18n/t';
import { AppError, type LocalizedMessage } from '~/server/errors';

/**
 * Parses input with a zod schema, or throws a `validation_failed` AppError whose per-field messages are
 * dictionary keys (translated when the answer is written). `status` lets an endpoint answer 400 where the
 * mobile apps expect it (docs/decisions.md "Validation status").
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  data: unknown,
  options: { status?: number } = {},
): z.output<S> {
  // reportInput lets the message tell a missing value ("required") from a wrong one ("enter a number").
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  const fields: Record<string, LocalizedMessage[]> = {};
  for (const issue of result.error.issues) {
    const field = issueField(issue);
    fields[field] ??= [];
    fields[field].push(issueToMessage(issue, hasMessage));
  }
  throw new AppError('validation_failed', 'errors.validation_failed', { fields, status: options.status });
}
