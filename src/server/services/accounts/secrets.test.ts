import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv, replaceEnv } from '~/server/env';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from './secrets';

describe('password hashes', () => {
  afterEach(() => {
    replaceEnv(undefined);
  });

  it('are argon2id with OWASP parameters (19 MiB, 2 iterations, 1 lane) on a server', async () => {
    expect(ARGON2_OPTIONS).toEqual({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    for (const NODE_ENV of ['production', 'development']) {
      replaceEnv(parseEnv({ NODE_ENV }));
      const stored = await hashPassword('mahindi 90 kg');
      expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(stored, 'mahindi 90 kg')).toBe(true);
      expect(await verifyPassword(stored, 'mahindi 90 KG')).toBe(false);
    }
  });

  it('are argon2id at its least cost in the test suites, salted and checked all the same', async () => {
    replaceEnv(parseEnv({ NODE_ENV: 'test' }));
    const [first, second] = [await hashPassword('maharagwe'), await hashPassword('maharagwe')];
    expect(first).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, 'maharagwe')).toBe(true);
    expect(await verifyPassword(first, 'maharagwe ')).toBe(false);
    // A stored production hash still verifies: the cost is read from the hash.
    replaceEnv(parseEnv({ NODE_ENV: 'production' }));
    const strong = await hashPassword('mtama');
    replaceEnv(parseEnv({ NODE_ENV: 'test' }));
    expect(await verifyPassword(strong, 'mtama')).toBe(true);
  });

  it('never verify against a broken hash', async () => {
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });
});
