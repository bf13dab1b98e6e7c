import { getEnv } from '~/server/env';

/**
 * The web session cookie: HttpOnly, SameSite=Lax, `__Host-` prefixed (Secure, whole site, no Domain) over
 * HTTPS. It carries the session's refresh token (docs/auth.md).
 */
export function sessionCookie() {
  const secure = getEnv().isHttps;
  return {
    name: secure ? '__Host-mavuno_session' : 'mavuno_session',
    options: { httpOnly: true, secure, sameSite: 'Lax' as const, path: '/' },
  };
}
