import { defineMiddleware, sequence } from 'astro:middleware';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, isLocale } from './i18n/config';
import { localizePath, negotiateLocale, splitLocale } from './i18n/paths';
import { createTranslator } from './i18n/t';
import { DISPLAY_CURRENCY_COOKIE } from './features/money/reader-currency';
import { getEnv } from './server/env';
import { getDb } from './server/db';
import { prepareDatabase } from './server/db/prepare-database';
import { startJobRunner } from './server/jobs/runner';
import { scheduledJobs } from './server/jobs/schedule';
import { isCrossSiteUnsafeRequest } from './server/http/csrf';
import { formTokenFor } from './server/http/form-token';
import { isReadablePagePath } from './server/http/page-path';
import { currentRequestContext, noteMember, noteRoute } from './server/http/request-context';
import { astroRoute } from './server/http/route-label';
import { sessionCookie } from './server/http/session-cookie';
import { getPaymentProviders } from './server/payments/registry';
import { configuredSources, widenPolicy } from './server/security/content-policy';
import { loadReaderMoney } from './server/loaders/reader-money';
import { resolveUser } from './server/services/accounts/authenticate';
import { forgetAfterWrite } from './server/cache/session-cache';
import { stampAfterWrite } from './server/http/write-stamp';

/** Paths that are not pages: they have no locale and no page chrome. */
const NON_PAGE =
  /^\/(api-v2|healthz|readyz|metrics|uploads|_astro|_image|sw\.js|workbox-|sitemap[^/]*\.xml|robots\.txt|manifest\.webmanifest|favicon|icons\/)/;

/**
 * Every page's Content-Security-Policy opened to the outside hosts this configuration uses (map tiles, payment
 * providers' checkout pages: src/server/security/content-policy.ts). Astro renders the policy's fixed part, with
 * its hashes, from astro.config.mjs; its runtime API (`Astro.csp`) reaches only the page being rendered, so the
 * environment's part is added here, to whatever page answers — an error page, a rewrite, the not-found page.
 */
const configuredPolicy = defineMiddleware(async (_context, next) => {
  const response = await next();
  const policy = response.headers.get('content-security-policy');
  if (policy) {
    const checkoutOrigins = [...getPaymentProviders().values()].flatMap((provider) => provider.checkoutOrigins ?? []);
    const sources = configuredSources({ mapTileUrl: getEnv().MAP_TILE_URL, checkoutOrigins });
    response.headers.set('content-security-policy', widenPolicy(policy, sources));
  }
  return response;
});

/**
 * The pattern of the route that rendered the page, for the access line and the request metrics
 * (src/server/http/access-log.ts): `/board/:id`, `/sw/board/:id`. A page rewritten to another (`/sw/board` renders
 * `/board`) is named by the route it was rewritten to, which Astro keeps in its render state, not in the middleware's
 * context; when that state is not there, the context's own pattern serves.
 */
function renderedRoute(context: Parameters<Parameters<typeof defineMiddleware>[0]>[0], locale: string): string {
  const state = Reflect.get(context, Symbol.for('astro.fetchState')) as { routeData?: { route?: unknown } } | undefined;
  const pattern = typeof state?.routeData?.route === 'string' ? state.routeData.route : context.routePattern;
  const route = astroRoute(pattern);
  return locale === DEFAULT_LOCALE ? route : `/${locale}${route === '/' ? '' : route}`;
}

const sitePages = defineMiddleware(async (context, next) => {
  // `npm start` prepares the database before it listens and starts the job runner (src/server/main.ts);
  // `astro dev` has no such step: its first request does both (once per process).
  if (import.meta.env.DEV && getEnv().WORKERS) {
    const database = await prepareDatabase();
    await startJobRunner(database.db, scheduledJobs(database));
  }
  const { pathname, search } = context.url;
  context.locals.user = null;
  context.locals.money = null;
  if (NON_PAGE.test(pathname)) {
    context.locals.locale = DEFAULT_LOCALE;
    context.locals.path = pathname;
    context.locals.t = createTranslator(DEFAULT_LOCALE);
    // The API names its own route (src/server/api/app.ts).
    if (!pathname.startsWith('/api-v2')) noteRoute(astroRoute(context.routePattern));
    return next();
  }

  // `/en/...` is the English page without its (never used) prefix.
  if (pathname === '/en' || pathname.startsWith('/en/')) {
    return context.redirect((pathname.slice(3) || '/') + search, 301);
  }

  const { locale, path } = splitLocale(pathname);
  // /sw/api-v2/…, /fr/healthz…: no such pages; answering them would duplicate non-page routes under a prefix.
  if (locale !== DEFAULT_LOCALE && NON_PAGE.test(path))
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  context.locals.locale = locale;
  context.locals.path = path;
  context.locals.t = createTranslator(locale);
  // /fr/%25, /sw/%FF: no page has such an address (the rewrite below cannot even read it): the not-found page.
  const isErrorPage = context.routePattern === '/404' || context.routePattern === '/500';
  if (locale !== DEFAULT_LOCALE && !isErrorPage && !isReadablePagePath(path)) {
    const page = await next('/404');
    return new Response(page.body, { status: 404, headers: page.headers });
  }

  const cookie = context.cookies.get(sessionCookie().name)?.value;
  if (cookie) context.locals.user = await resolveUser(await getDb(), { cookie });
  noteMember(context.locals.user?.id);
  // A member's pages carry plain forms in any component (the hearts of lot cards): the browser's form token is set
  // here, before the page streams, so a component reads it with formTokenFor and never has to set a cookie late.
  if (context.locals.user) formTokenFor(context.cookies);

  if (isCrossSiteUnsafeRequest(context.request, getEnv().publicUrl)) {
    return new Response(context.locals.t('errors.forbidden'), {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }

  // Browser-language detection runs only on the root: a remembered choice wins, then Accept-Language (deep links
  // keep the language their address names; docs/architecture.md "Languages").
  if (pathname === '/') {
    const remembered = context.cookies.get(LOCALE_COOKIE)?.value;
    const chosen = isLocale(remembered)
      ? remembered
      : (negotiateLocale(context.request.headers.get('accept-language')) ?? DEFAULT_LOCALE);
    if (!isLocale(remembered)) {
      context.cookies.set(LOCALE_COOKIE, chosen, {
        path: '/',
        maxAge: LOCALE_COOKIE_MAX_AGE,
        sameSite: 'lax',
        secure: getEnv().isHttps,
      });
    }
    if (chosen !== DEFAULT_LOCALE) {
      const response = context.redirect(localizePath('/', chosen) + search, 302);
      response.headers.set('Cache-Control', 'private, no-store');
      return response;
    }
  }

  // The reader's currency and the rates every price of the page is approximated with (memoised: no query per page).
  // An error page shows no prices, and must render even when what failed was the database; a page prerendered at
  // build time (the offline page) has no database and no reader.
  context.locals.money =
    isErrorPage || context.isPrerendered
      ? null
      : await loadReaderMoney({
          user: context.locals.user,
          locale,
          cookie: context.cookies.get(DISPLAY_CURRENCY_COOKIE)?.value,
          acceptLanguage: context.request.headers.get('accept-language'),
        });

  // Each page is written once: `/sw/board` renders `/board` with the Swahili locale.
  // While Astro renders its 404/500 page it runs the middleware again: rewriting then would re-run the failing page.
  // Astro renders its 404/500 page through this middleware again: the route of the page that failed stays named.
  if (!isErrorPage || !currentRequestContext()?.route) noteRoute(renderedRoute(context, locale));
  const response = locale === DEFAULT_LOCALE || isErrorPage ? await next() : await next(path + search);
  if (locale !== DEFAULT_LOCALE && !isErrorPage) noteRoute(renderedRoute(context, locale));
  forgetAfterWrite(context.request.method, response.status, context.locals.user?.id);
  stampAfterWrite(context.request.method, response.status, context.locals.user?.id, response.headers);
  if (context.locals.user) {
    // A signed-in user's page carries their name and menu: never stored by a shared cache.
    response.headers.set('Cache-Control', 'private, no-store');
  } else if (!response.headers.has('Cache-Control')) {
    // Anonymous pages may be cached by a CDN (and by the render cache, src/server/cache/page-cache.ts). The root answer
    // depends on the visitor's language cookie and Accept-Language (Vary below): a first visit, whose answer sets the
    // cookie, is private; a returning visitor's is the same for everyone sending the same cookie.
    const firstVisit = pathname === '/' && !isLocale(context.cookies.get(LOCALE_COOKIE)?.value);
    response.headers.set(
      'Cache-Control',
      firstVisit ? 'private, no-cache' : 'public, max-age=60, stale-while-revalidate=300',
    );
  }
  // Every page shows a visitor's prices also in the currency their browser's languages name (docs/lots.md "Prices in
  // the reader's currency"), unless their display-currency cookie says otherwise: both are part of the answer.
  response.headers.set('Vary', 'Cookie, Accept-Language');
  response.headers.set('Content-Language', locale);
  return response;
});

export const onRequest = sequence(configuredPolicy, sitePages);
