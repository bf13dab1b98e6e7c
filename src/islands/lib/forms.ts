import type { FieldValues, Resolver, UseFormSetError, Path } from 'react-hook-form';
import type { z } from 'zod';
import { issueField, issueToMessage } from '~/features/validation/messages';
import type { ApiError } from '~/stores/api';
import type { ClientTranslate, Messages } from './i18n';

/**
 * A react-hook-form resolver for our shared zod schemas: the same messages as the API gives, in the page's
 * language (schemas carry dictionary keys; built-in checks map through issueToMessage).
 */
export function zodFormResolver<S extends z.ZodType>(
  schema: S,
  t: ClientTranslate,
  messages: Messages,
): Resolver<z.input<S> & FieldValues> {
  return async (values) => {
    const result = await schema.safeParseAsync(values, { reportInput: true });
    if (result.success) return { values: result.data as never, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = issueField(issue);
      if (errors[field]) continue;
      const { key, vars } = issueToMessage(issue, (k) => k in messages);
      errors[field] = { type: issue.code, message: t(key, vars) };
    }
    return { values: {}, errors: toNested(errors) as never };
  };
}

function toNested(flat: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]] = value;
  }
  return out;
}

/**
 * Puts the API's per-field errors on the form's fields (`User.email` → `email` when `stripPrefix` is 'User.');
 * returns the messages of fields the form does not have, to show above it.
 */
export function applyServerErrors<T extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  stripPrefix = '',
): string[] {
  const unplaced: string[] = [];
  for (const [name, messages] of Object.entries(error.errors ?? {})) {
    const field = name.startsWith(stripPrefix) ? name.slice(stripPrefix.length) : name;
    if (fields.includes(field)) setError(field as Path<T>, { type: 'server', message: messages[0] });
    else unplaced.push(...messages);
  }
  if (!error.errors) unplaced.push(error.message);
  return unplaced;
}
