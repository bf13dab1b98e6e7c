import type { APIRoute } from 'astro';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, isLocale } from '~/i18n/config';
import { localizePath, splitLocale } from '~/i18n/paths';
import { getEnv } from '~/server/env';
import { safeReturnPath } from '~/server/http/return-path';

/**
 * The language switcher's target: remembers the chosen language in the i18n_redirected cookie (365 days)
 * and returns to the same page in that language. `from` must be a safe relative path (a query it cannot
 * vouch for is dropped, keeping the page); anything else goes home.
 */
export const GET: APIRoute = ({ url, cookies, redirect }) => {
  const requested = url.searchParams.get('to');
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  const raw = url.searchParams.get('from') ?? '/';
  const from = safeReturnPath(raw) ?? safeReturnPath(raw.split('?')[0]) ?? '/';
  const [pathname, query = ''] = from.split(/\?(.*)/s);
  cookies.set(LOCALE_COOKIE, locale, {
    path: '/',
    maxAge: LOCALE_COOKIE_MAX_AGE,
    sameSite: 'lax',
    secure: getEnv().isHttps,
  });
  const target = localizePath(splitLocale(pathname).path, locale) + (query ? `?${query}` : '');
  // Belt and braces: whatever happened above, only a path of this site leaves here.
  const response = redirect(/^\/(?![/\\])/.test(target) ? target : localizePath('/', locale), 303);
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
};
