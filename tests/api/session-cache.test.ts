/**
 * The session cache (src/server/cache/session-cache.ts) as a member meets it, on PGlite and on PostgreSQL: a
 * signed-in request is answered without looking the session up again, and every change to the session or the
 * member — sign-out, a block, a new tier, a revoked session — counts from the next request on.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionCache, installSessionCache, sessionCache, startSessionCache } from '~/server/cache/session-cache';
import { sessions, users } from '~/server/db/schema';
import type { Executor } from '~/server/db';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { apiRequest } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';

const database = useTestDatabase();
/** A database that fails every query: what a lookup served from the cache never touches. */
const noDatabase = new Proxy(
  {},
  {
    get: () => {
      throw new Error('queried the database');
    },
  },
) as Executor;

/** The first answer of `probe` that `accepted` takes, asked again for up to 2 s (a notice crosses a connection). */
async function eventually<T>(probe: () => Promise<T>, accepted: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const value = await probe();
    if (accepted(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the session cache', () => {
  let stop: () => Promise<void>;
  beforeAll(async () => {
    stop = await startSessionCache(database.handle());
  });
  afterAll(async () => {
    await stop();
    expect(sessionCache()).toBeUndefined();
  });

  it('answers a signed-in request without looking its session up again', async () => {
    const { access, auth } = await signedUpUser();
    const first = await apiRequest('/user/index', { headers: auth });
    expect(first.status).toBe(200);
    const cached = await eventually(
      () => resolveUser(noDatabase, { bearer: access }).catch(() => null),
      (user) => user !== null,
    );
    expect(cached).toMatchObject({ id: first.json.id, email: first.json.email });
    expect((await apiRequest('/user/index', { headers: auth })).json).toEqual(first.json);
  });

  it("counts a member's own sign-out at their very next request, before any notice arrives", async () => {
    // A cache that hears no notices: only the member's own write may empty it.
    const deaf = createSessionCache();
    deaf.resume();
    installSessionCache(deaf);
    try {
      const { auth } = await signedUpUser();
      expect((await apiRequest('/user/index', { headers: auth })).status).toBe(200);
      expect(deaf.size).toBe(1);
      expect((await apiRequest('/user/index', { headers: auth })).status).toBe(200);
      // A refused write (a bad form) leaves the member cached.
      expect(
        (await apiRequest('/user/update-address', { method: 'POST', headers: auth })).status,
      ).toBeGreaterThanOrEqual(400);
      expect(deaf.size).toBe(1);
      expect((await apiRequest('/user/logout', { method: 'POST', headers: auth })).status).toBe(200);
      expect(deaf.size).toBe(0);
      expect((await apiRequest('/user/index', { headers: auth })).status).toBe(401);
    } finally {
      await stop();
      stop = await startSessionCache(database.handle());
    }
  });

  it('follows a change made elsewhere: a new tier, a revoked session, a block', async () => {
    const db = database.handle().db;
    const { email, auth } = await signedUpUser();
    const before = await apiRequest('/user/index', { headers: auth });
    expect(before.json.tier).toBe('basic');
    // Another process (or the back office) writes to the database directly.
    await db.update(users).set({ tier: 'gold' }).where(eq(users.email, email));
    const after = await eventually(
      () => apiRequest('/user/index', { headers: auth }),
      (res) => res.json?.tier === 'gold',
    );
    expect(after.json.tier).toBe('gold');

    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, before.json.id));
    const revoked = await eventually(
      () => apiRequest('/user/index', { headers: auth }),
      (res) => res.status === 401,
    );
    expect(revoked.status).toBe(401);

    const other = await signedUpUser();
    expect((await apiRequest('/user/index', { headers: other.auth })).status).toBe(200);
    await db.update(users).set({ blockedAt: new Date() }).where(eq(users.email, other.email));
    const blocked = await eventually(
      () => apiRequest('/user/index', { headers: other.auth }),
      (res) => res.status === 401,
    );
    expect(blocked.status).toBe(401);
  });
});
