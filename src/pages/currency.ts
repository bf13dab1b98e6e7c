import type { APIRoute } from 'astro';
import { DEFAULT_LOCALE } from '~/i18n/config';
import {
  DISPLAY_CURRENCY_COOKIE,
  DISPLAY_CURRENCY_MAX_AGE,
  NO_DISPLAY_CURRENCY,
  readCurrencyCode,
} from '~/features/money/reader-currency';
import { localizePath } from '~/i18n/paths';
import { getEnv } from '~/server/env';
import { safeReturnPath } from '~/server/http/return-path';

/**
 * The footer's display-currency chooser (a plain GET form, no JavaScript): remembers the currency a visitor wants
 * prices approximated in (`to`: a currency code, or `none`) in the display_currency cookie for a year, and returns to
 * `from` (a safe relative path; anything else goes home). Members read prices in their profile's currency instead.
 * A `to` that is no currency code forgets the choice (the browser's languages decide again).
 */
export const GET: APIRoute = ({ url, cookies, redirect, locals }) => {
  const requested = url.searchParams.get('to') ?? '';
  const choice =
    requested.trim().toLowerCase() === NO_DISPLAY_CURRENCY ? NO_DISPLAY_CURRENCY : readCurrencyCode(requested);
  const options = { path: '/', sameSite: 'lax' as const, secure: getEnv().isHttps };
  if (choice) cookies.set(DISPLAY_CURRENCY_COOKIE, choice, { ...options, maxAge: DISPLAY_CURRENCY_MAX_AGE });
  else cookies.delete(DISPLAY_CURRENCY_COOKIE, options);
  const raw = url.searchParams.get('from') ?? '/';
  const from = safeReturnPath(raw) ?? safeReturnPath(raw.split('?')[0]);
  const home = localizePath('/', locals.locale ?? DEFAULT_LOCALE);
  // Belt and braces: only a path of this site leaves here.
  const response = redirect(from && /^\/(?![/\\])/.test(from) ? from : home, 303);
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
};
