import type { ApiError } from '../lib/api';
import type { ClientTranslate } from '../lib/i18n';

/** The text for a failed call: status 0 means the request never reached the server (the phone lost its network). */
export function failureText(status: number, error: ApiError, t: ClientTranslate): string {
  if (status === 0) return t('auth.form_offline');
  return error.message || t('errors.internal_error');
}

/** `aria-describedby` for a field with an optional hint and error paragraph (ids `${id}-hint`, `${id}-error`). */
export function describedBy(id: string, parts: { hint?: boolean; error?: unknown }): string | undefined {
  const ids = [parts.hint && `${id}-hint`, parts.error ? `${id}-error` : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
