import type { APIRoute } from 'astro';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, isLocale } from '../i18n/config';
import { localizePath, splitLocale } from '../i18n/paths';
import { safeReturnPath } from '../server/http/return-path';

/**
 * The language switcher's target: remembers the chosen language in the i18n_redirected cookie (365 days)
 * and returns to the same page in that language. `from` must be a safe relative path, else home.
 */
export const GET: APIRoute = ({ url, cookies, redirect }) => {
  const requested = url.searchParams.get('to');
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  const from = safeReturnPath(url.searchParams.get('from')) ?? '/';
  const [pathname, query = ''] = from.split(/\?(.*)/s);
  cookies.set(LOCALE_COOKIE, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax' });
  const response = redirect(localizePath(splitLocale(pathname).path, locale) + (query ? `?${query}` : ''), 303);
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
};
