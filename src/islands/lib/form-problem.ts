import type { ApiResult } from '~/stores/api';
import type { ClientTranslate } from './i18n';

/**
 * What went wrong that no field explains, for FormAlert: one text, or several shown as a list (errors the
 * server gave for fields a form does not show). `canRetry` adds a button that sends the same request again.
 */
export interface FormProblem {
  message: string | string[];
  canRetry?: boolean;
}

export type ApiFailure = Extract<ApiResult<unknown>, { ok: false }>;

/**
 * The text of a failed call: status 0 means the request never reached the server (the phone lost its network);
 * otherwise the API's own message, already in the page's language (it says when to try again after a 429).
 */
export function failureText(result: ApiFailure, t: ClientTranslate): string {
  if (result.status === 0) return t('auth.form_offline');
  return result.error.message || t('errors.internal_error');
}

/** A failed call as a problem to show: a lost network gets a retry, as sending again may then work. */
export function problemOf(result: ApiFailure, t: ClientTranslate): FormProblem {
  return { message: failureText(result, t), canRetry: result.status === 0 };
}
