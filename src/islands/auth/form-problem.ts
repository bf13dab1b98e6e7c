import type { ApiResult } from '../lib/api';
import type { ClientTranslate } from '../lib/i18n';
import type { FormProblem } from './FormParts';

/**
 * The alert text of a failed request: no answer at all (status 0) means the network, and gets a retry;
 * otherwise the API's own message, already in the page's language (it says when to try again after a 429).
 */
export function problemOf(result: Extract<ApiResult<unknown>, { ok: false }>, t: ClientTranslate): FormProblem {
  if (result.status === 0) return { message: t('auth.form_offline'), offline: true };
  return { message: result.error.message || t('errors.internal_error') };
}
