import { createHash, randomBytes } from 'node:crypto';

/** The SHA-256 (hex) of an unsubscribe token: only this is stored. */
export const hashUnsubscribeToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new one-click unsubscribe token (32 random bytes, base64url) and its hash. */
export function newUnsubscribeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashUnsubscribeToken(token) };
}
