import type { DatabaseHandle } from '~/server/db';
import { isSafeMethod } from '~/server/http/methods';
import { onShutdown } from '~/server/lifecycle';
import { processGlobal } from '~/server/process-global';
import type { SessionUser } from '~/server/services/accounts/users';

/** The channel a database trigger notifies, with the member's id, on each committed change to a session or a member. */
export const MEMBERS_CHANNEL = 'mavuno_members';

/**
 * Who a session token belongs to, kept per process for a few seconds so that a signed-in request does not look its
 * session up every time (docs/auth.md "Sessions and tokens"). Correct across processes because every committed change
 * to a session or a member (sign-out, revocation, block, role, tier, profile) notifies MEMBERS_CHANNEL with the
 * member's id (migration 0030_member_changes_notify) and every process forgets that member at once:
 *
 * - an entry lives at most `ttlMs` (10 s), never past its session's idle or absolute expiry, nor a Bearer token's;
 * - a lookup that started before a notification is not stored (the notification may concern what it read);
 * - while the listening connection is down nothing is stored or served, until it is back;
 * - a process that never started it (tests, the dev server) looks every session up.
 */
export interface SessionCache {
  get(key: string): SessionUser | undefined;
  /** A stamp to give back to `set`: a notification between the two keeps the lookup from being stored. */
  stamp(): number;
  set(key: string, user: SessionUser, until: Date, stamp: number): void;
  forgetMember(userId: number): void;
  suspend(): void;
  resume(): void;
  readonly size: number;
}

export function createSessionCache({ ttlMs = 10_000, maxEntries = 10_000 } = {}): SessionCache {
  const entries = new Map<string, { user: SessionUser; expires: number }>();
  const keysOfMember = new Map<number, Set<string>>();
  let serving = false;
  let epoch = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOfMember.get(entry.user.id);
    keys?.delete(key);
    if (keys?.size === 0) keysOfMember.delete(entry.user.id);
  };

  return {
    get(key) {
      if (!serving) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= Date.now()) {
        drop(key);
        return undefined;
      }
      // A copy: a caller may not change what the next request is given.
      return { ...entry.user, scope: [...entry.user.scope] };
    },
    stamp: () => epoch,
    set(key, user, until, stamp) {
      if (!serving || stamp !== epoch) return;
      const expires = Math.min(Date.now() + ttlMs, until.getTime());
      drop(key);
      entries.set(key, { user: { ...user, scope: [...user.scope] }, expires });
      const keys = keysOfMember.get(user.id) ?? new Set<string>();
      keys.add(key);
      keysOfMember.set(user.id, keys);
      if (entries.size > maxEntries) drop(entries.keys().next().value as string);
    },
    forgetMember(userId) {
      epoch++;
      for (const key of [...(keysOfMember.get(userId) ?? [])]) drop(key);
    },
    suspend() {
      serving = false;
      epoch++;
      entries.clear();
      keysOfMember.clear();
    },
    resume() {
      epoch++;
      serving = true;
    },
    get size() {
      return entries.size;
    },
  };
}

const slot = processGlobal<{ cache?: SessionCache }>('mavuno.sessionCache', () => ({}));

/** The process's session cache once started (src/server/main.ts), else undefined: every session is looked up. */
export function sessionCache(): SessionCache | undefined {
  return slot.cache;
}

/**
 * After a member's request that may have written (any method but GET, HEAD, OPTIONS, answered below 400): this
 * process forgets the member at once, so their own sign-out or change counts at their very next request here; other
 * processes hear of it through the database. Called by the API's and the pages' middleware.
 */
export function forgetAfterWrite(method: string, status: number, memberId: number | undefined): void {
  if (memberId !== undefined && status < 400 && !isSafeMethod(method)) slot.cache?.forgetMember(memberId);
}

/**
 * Starts the process's session cache: it serves once it listens to MEMBERS_CHANNEL. Answers the function that
 * stops it (also run at shutdown); after it, every session is looked up again.
 */
export async function startSessionCache(database: DatabaseHandle): Promise<() => Promise<void>> {
  const cache = createSessionCache();
  // Subscribing while the listening connection reconnects tells `lost` first: then only `live` may start serving.
  let listening = true;
  const unsubscribe = await database.subscribe(MEMBERS_CHANNEL, (event, payload) => {
    if (event === 'notify') cache.forgetMember(Number(payload));
    else if (event === 'lost') {
      listening = false;
      cache.suspend();
    } else {
      listening = true;
      cache.resume();
    }
  });
  // A `lost` told as the subscription returns (a microtask) comes before this.
  await Promise.resolve();
  if (listening) cache.resume();
  slot.cache = cache;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (slot.cache === cache) slot.cache = undefined;
    cache.suspend();
    await unsubscribe();
  };
  onShutdown('session cache', stop);
  return stop;
}

/** Tests: a cache of their own, which hears no notices (only a member's own writes empty it), or none. */
export function installSessionCache(cache: SessionCache | undefined): void {
  slot.cache = cache;
}
