import { describe, expect, it } from 'vitest';
import type { SessionUser } from '~/server/services/accounts/users';
import type { DatabaseHandle, NotificationListener } from '~/server/db/client';
import { createSessionCache, sessionCache, startSessionCache } from './session-cache';

const member = (id: number, role: SessionUser['role'] = 'user'): SessionUser => ({
  id,
  email: `m${id}@mavuno.test`,
  phone: null,
  firstName: 'Amina',
  emailVerified: true,
  phoneVerified: false,
  tier: 'basic' as SessionUser['tier'],
  role,
  locale: 'en',
  currencyId: 1,
  scope: [],
  sessionId: id * 10,
});
const later = () => new Date(Date.now() + 60_000);

describe('createSessionCache', () => {
  it('serves nothing before it listens, then what it was given, as a copy', () => {
    const cache = createSessionCache();
    cache.set('a', member(1), later(), cache.stamp());
    expect(cache.get('a')).toBeUndefined();
    cache.resume();
    cache.set('a', member(1), later(), cache.stamp());
    const first = cache.get('a')!;
    expect(first).toMatchObject({ id: 1, sessionId: 10 });
    first.firstName = 'changed';
    first.scope.push('moderation' as never);
    expect(cache.get('a')).toMatchObject({ firstName: 'Amina', scope: [] });
  });

  it('forgets every session of a member on notice, and only theirs', () => {
    const cache = createSessionCache();
    cache.resume();
    cache.set('a1', member(1), later(), cache.stamp());
    cache.set('a2', member(1), later(), cache.stamp());
    cache.set('b', member(2), later(), cache.stamp());
    cache.forgetMember(1);
    expect([cache.get('a1'), cache.get('a2')]).toEqual([undefined, undefined]);
    expect(cache.get('b')?.id).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('does not keep a lookup that a notice overtook', () => {
    const cache = createSessionCache();
    cache.resume();
    const stamp = cache.stamp();
    cache.forgetMember(7); // any member: the lookup in flight may have read what changed
    cache.set('a', member(1), later(), stamp);
    expect(cache.get('a')).toBeUndefined();
  });

  it('never outlives its time-out or the session, and drops the oldest past its size', async () => {
    const cache = createSessionCache({ ttlMs: 30, maxEntries: 2 });
    cache.resume();
    cache.set('gone', member(1), new Date(Date.now() - 1), cache.stamp());
    expect(cache.get('gone')).toBeUndefined();
    cache.set('a', member(1), later(), cache.stamp());
    cache.set('b', member(2), later(), cache.stamp());
    cache.set('c', member(3), later(), cache.stamp());
    expect([cache.get('a'), cache.get('b')?.id, cache.get('c')?.id]).toEqual([undefined, 2, 3]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cache.get('b')).toBeUndefined();
  });

  it('empties and serves nothing while its listening connection is down', () => {
    const cache = createSessionCache();
    cache.resume();
    cache.set('a', member(1), later(), cache.stamp());
    cache.suspend();
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', member(1), later(), cache.stamp());
    expect(cache.get('a')).toBeUndefined();
    cache.resume();
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('startSessionCache', () => {
  it('does not serve when it subscribes while the listening connection is down, until it is back', async () => {
    let tell: NotificationListener = () => undefined;
    // The listening side as src/server/db/client.ts has it while reconnecting: `lost` is told as the subscription returns.
    const reconnecting = {
      subscribe: async (_channel: string, onEvent: NotificationListener) => {
        tell = onEvent;
        queueMicrotask(() => onEvent('lost'));
        return async () => undefined;
      },
    } as unknown as DatabaseHandle;
    const stop = await startSessionCache(reconnecting);
    try {
      const cache = sessionCache()!;
      cache.set('a', member(1), later(), cache.stamp());
      expect(cache.get('a')).toBeUndefined();
      tell('live');
      cache.set('a', member(1), later(), cache.stamp());
      expect(cache.get('a')?.id).toBe(1);
    } finally {
      await stop();
    }
    expect(sessionCache()).toBeUndefined();
  });
});
