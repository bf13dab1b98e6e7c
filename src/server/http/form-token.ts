import { randomBytes, timingSafeEqual } from 'node:crypto';
import { getEnv } from '~/server/env';

/**
 * The second lock on forms a guest posts to our pages (sign-in, sign-up, password reset), after the Origin rule
 * of ./csrf.ts: a double-submit token. The browser holds a random token in an HttpOnly cookie (one per browser
 * session) and each form carries it in a hidden field; a post whose field does not match the cookie is refused.
 * Another site can make a browser post a form, but can neither read our cookie nor set one for our host, so it
 * cannot sign a visitor in to an account of its choosing (login CSRF), even in a browser that sends no Origin.
 */
export const FORM_TOKEN_FIELD = 'form_token';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface CookieOptions {
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'lax' | 'strict';
  path?: string;
  expires?: Date;
  maxAge?: number;
}
/** The cookies of a request and its answer, as Astro's `cookies` holds them (tests pass a small stand-in). */
export interface CookieJar {
  get(name: string): { value: string } | undefined;
  set(name: string, value: string, options: CookieOptions): void;
}

export function formTokenCookie() {
  const secure = getEnv().isHttps;
  return {
    name: secure ? '__Host-mavuno_form' : 'mavuno_form',
    options: { httpOnly: true, secure, sameSite: 'lax', path: '/' } satisfies CookieOptions,
  };
}

/** The browser's form token for a form's hidden field; the first form of a browser session sets the cookie. */
export function formTokenFor(cookies: CookieJar): string {
  const { name, options } = formTokenCookie();
  const current = cookies.get(name)?.value;
  if (current && TOKEN.test(current)) return current;
  const token = randomBytes(32).toString('base64url');
  cookies.set(name, token, options);
  return token;
}

/** Whether a posted form's token is the one this browser holds. */
export function isFormTokenValid(cookies: CookieJar, submitted: unknown): boolean {
  const expected = cookies.get(formTokenCookie().name)?.value;
  if (!expected || !TOKEN.test(expected) || typeof submitted !== 'string' || !TOKEN.test(submitted)) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(submitted));
}
