import { randomBytes } from 'node:crypto';

/** A room's key: 24 random bytes (192 bits), base64url — 32 characters, safe in URLs and form fields. */
export function newRoomKey(): string {
  return randomBytes(24).toString('base64url');
}

/** The shape of a key, checked before any query (anything else is an unknown room). */
export const ROOM_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;
