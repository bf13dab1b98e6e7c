import { getEnv } from '~/server/env';
import type { IssuedTokens } from '~/server/services/accounts/sessions';

/**
 * The web session cookie: HttpOnly, SameSite=Lax, `__Host-` prefixed (Secure, whole site, no Domain) over
 * HTTPS. It carries the session's refresh token (docs/auth.md).
 */
export function sessionCookie() {
  const secure = getEnv().isHttps;
  return {
    name: secure ? '__Host-mavuno_session' : 'mavuno_session',
    options: { httpOnly: true, secure, sameSite: 'lax' as const, path: '/' },
  };
}

/**
 * The cookie of a session the web site opened (sign-in or sign-up, through the API or a form): a browser
 * session cookie, or one that lasts as long as the session with remember-me. Undefined for API sessions.
 */
export function webSessionCookie(tokens: IssuedTokens) {
  if (!tokens.cookieToken) return undefined;
  const { name, options } = sessionCookie();
  return {
    name,
    value: tokens.cookieToken,
    options: { ...options, ...(tokens.remember ? { expires: tokens.cookieExpiresAt } : {}) },
  };
}

/**
 * A note to the next page a browser opens after signing in through a form: "a sign-in just happened", so its
 * script can tell the browser's other tabs (docs/auth.md). Readable by scripts; it carries no credential.
 */
export const SIGNED_IN_NOTE = { name: 'mavuno_signed_in', value: '1', maxAge: 60 } as const;
