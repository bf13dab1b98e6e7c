import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { getEnv } from '~/server/env';

/** argon2id with OWASP's parameters (19 MiB, 2 iterations, 1 lane): about 15–50 ms here. */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The test suites (NODE_ENV=test, tests/fixtures/environment.ts) hash with the same algorithm at its least cost (1 MiB,
 * 1 iteration: a tenth of a millisecond): they hash some thousand passwords a run, twice (PGlite and PostgreSQL), and
 * what they check — a hash verifies its password and no other, is salted, is argon2id — holds at any cost. The server
 * refuses NODE_ENV=test at an https PUBLIC_URL (src/server/main.ts); secrets.test.ts pins both settings.
 */
export const ARGON2_TEST_OPTIONS = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, getEnv().NODE_ENV === 'test' ? ARGON2_TEST_OPTIONS : ARGON2_OPTIONS);
}

/**
 * What `password_hash` holds for an account without a password (made on a feature phone's menu, register-by-phone.ts):
 * no argon2 hash, so verifyPassword answers false for every password. The member sets a first one on the site: from a
 * reset link sent by SMS, or on the profile from a recent sign-in (docs/auth.md "Phone-only accounts").
 */
export const NO_PASSWORD = '!no-password';

/** Whether the account has a password of its own (not the phone-only marker). */
export const hasPassword = (passwordHash: string) => passwordHash !== NO_PASSWORD;

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so a login for an unknown address answers no faster than a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-but-the-same-cost');
  await verifyPassword(await dummyHash, password);
}

/** A random token of 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256 (they are random, so no salt or slow hash is needed). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A numeric PIN of `length` digits, uniformly random. */
export function randomPin(length: number): string {
  return Array.from({ length }, () => randomInt(0, 10)).join('');
}

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 8 characters without look-alikes (0/O, 1/I): easy to read out over the phone. */
export function randomReferralCode(): string {
  return Array.from({ length: 8 }, () => REFERRAL_ALPHABET[randomInt(0, REFERRAL_ALPHABET.length)]).join('');
}
