import { localizePath } from '~/i18n/paths';
import { safeReturnPath } from './return-path';

interface GuardContext {
  locals: App.Locals;
  url: URL;
  redirect(path: string, status?: 301 | 302 | 303 | 307 | 308): Response;
}

/**
 * The login page, remembering where to come back to (when that path is safe to return to). `toAct`: the visitor
 * tried to do something (offer, favourite, chat) and the page says they must sign in for it (isSignInToAct).
 */
export function loginUrl(locale: App.Locals['locale'], returnTo?: string, toAct = false): string {
  const login = localizePath('/signin/login', locale);
  const safe = safeReturnPath(returnTo);
  const query = [safe ? `redirect=${encodeURIComponent(safe)}` : '', toAct ? `${TO_ACT.name}=${TO_ACT.value}` : '']
    .filter(Boolean)
    .join('&');
  return query ? `${login}?${query}` : login;
}

/** The login page's query that says "You must be logged in to perform this action" above the form. */
const TO_ACT = { name: 'for', value: 'act' } as const;

/** Whether a login page's address says the visitor came from something only members may do (see loginUrl). */
export const isSignInToAct = (url: URL) => url.searchParams.get(TO_ACT.name) === TO_ACT.value;

/**
 * For protected pages: the answer to a logged-out visitor, sent to the login page, which brings them back here
 * after. A page checks the user itself, so that its `user` is known to be set after the check:
 * `const { user } = Astro.locals; if (!user) return signInRedirect(Astro);`
 */
export function signInRedirect(context: GuardContext): Response {
  const here = localizePath(context.locals.path, context.locals.locale) + context.url.search;
  const response = context.redirect(loginUrl(context.locals.locale, here), 302);
  // Whether this page redirects depends on the visitor's cookie: never a shared cache's answer.
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

/** The redirect a protected page answers a logged-out visitor with, or undefined when the visitor may stay. */
export function requireSignedIn(context: GuardContext): Response | undefined {
  return context.locals.user ? undefined : signInRedirect(context);
}

/** For guest-only pages (sign-in, sign-up): a signed-in user is sent home. */
export function requireGuest(context: GuardContext): Response | undefined {
  if (!context.locals.user) return undefined;
  return context.redirect(localizePath('/', context.locals.locale), 302);
}
