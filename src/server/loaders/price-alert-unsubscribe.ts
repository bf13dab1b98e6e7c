import type { Locale } from '~/i18n/config';

import { getDb } from '~/server/db';
import { findAlertByToken, unsubscribePriceAlert } from '~/server/services/statistics/unsubscribe-price-alert';
import { PRIVATE_PAGE } from './form-post';

export interface UnsubscribeView {
  /** ask: GET of a live link (the button); stopped / already_off: done; not_found: a forged or unknown link. */
  state: 'ask' | 'stopped' | 'already_off' | 'not_found';
  /** The alert the link names: "Maize (Nakuru)". */
  alert: string | null;
  status: number;
  headers: Record<string, string>;
}

/**
 * /price-alerts/unsubscribe?token=… (docs/statistics.md "Price alerts"), no sign-in: GET says which alert the link
 * stops and shows one button; a POST — the button, or a mail client's RFC 8058 one-click POST
 * (`List-Unsubscribe=One-Click`) — turns it off. The token is the secret: no form token is asked (the mail client
 * has none). A forged link is a 404 page; a used one says the alert is already off (200). Never a 500 for a bad
 * request: the body is not even read.
 */
export async function loadPriceAlertUnsubscribe(request: Request, url: URL, locale: Locale): Promise<UnsubscribeView> {
  const token = url.searchParams.get('token');
  const db = await getDb();
  const found = await findAlertByToken(db, token, locale);
  const headers = { ...PRIVATE_PAGE, 'X-Robots-Tag': 'noindex' };
  if (!found) return { state: 'not_found', alert: null, status: 404, headers };
  const alert = found.regionName ? `${found.categoryName} (${found.regionName})` : found.categoryName;
  if (request.method === 'POST') {
    const outcome = await unsubscribePriceAlert(db, token);
    return {
      state: outcome === 'not_found' ? 'not_found' : outcome,
      alert,
      status: outcome === 'not_found' ? 404 : 200,
      headers,
    };
  }
  return { state: found.active ? 'ask' : 'already_off', alert, status: 200, headers };
}
