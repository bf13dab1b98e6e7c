import { getEnv } from '~/server/env';
import { isSafeMethod } from './methods';
import { sessionCookie } from './session-cookie';

/**
 * The cookie a member's browser is given after each of their own successful writes (a form post, an island's API
 * call): a new value every time. Every cookie is part of the members' render-cache key
 * (src/server/cache/member-page-cache.ts), so the member's next page is rendered afresh in whichever process answers
 * it — their own change shows at once even where that process has not yet heard of the write. It carries nothing
 * else; the anonymous cache ignores it (src/server/cache/page-cache.ts).
 */
export const WRITE_STAMP_COOKIE = 'mavuno_w';

let sequence = 0;

/** The Set-Cookie value of a fresh stamp. */
export function writeStampCookie(): string {
  sequence = (sequence + 1) % 1_679_616;
  const value = `${Date.now().toString(36)}${sequence.toString(36).padStart(4, '0')}`;
  return `${WRITE_STAMP_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax${getEnv().isHttps ? '; Secure' : ''}`;
}

/**
 * After a signed-in browser's request that may have written (any method but GET, HEAD, OPTIONS, answered below
 * 400): a fresh stamp on its answer. Called by the pages' and the API's middleware; an answer whose headers cannot
 * change any more keeps them.
 */
export function stampAfterWrite(method: string, status: number, memberId: number | undefined, headers: Headers): void {
  if (memberId === undefined || status >= 400 || isSafeMethod(method)) return;
  const secure = getEnv().isHttps ? '; Secure' : '';
  // A sign-out (its answer clears the session cookie) takes the stamp away instead: it has nothing left to mark.
  const session = `${sessionCookie().name}=`;
  const signedOut = headers
    .getSetCookie()
    .some((line) => line.startsWith(session) && /max-age=0|expires=thu, 01 jan 1970/i.test(line));
  try {
    headers.append(
      'Set-Cookie',
      signedOut ? `${WRITE_STAMP_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}` : writeStampCookie(),
    );
  } catch {
    /* immutable headers (a Response.redirect): the other processes' notices still reach them within milliseconds */
  }
}
