import type { DatabaseHandle } from '~/server/db';
import { onShutdown } from '~/server/lifecycle';
import { createMemberPageCache, type MemberPageCache, type MemberPageCacheOptions } from './member-page-cache';
import { createPageCache, type PageCache } from './page-cache';

/** The channel a database trigger notifies on each committed write to a table that anonymous pages show. */
export const PAGES_CHANNEL = 'mavuno_pages';

/**
 * The server's render cache, dropped on every committed write any process makes to what anonymous pages show
 * (the database notifies PAGES_CHANNEL; migration 0010_page_cache_notify). While the notification connection is
 * down the cache stores and serves nothing.
 */
export async function startPageCache(database: DatabaseHandle, maxEntries: number): Promise<PageCache> {
  const cache = createPageCache({ maxEntries });
  if (maxEntries === 0) return cache;
  const stop = await database.subscribe(PAGES_CHANNEL, (event) => {
    if (event === 'notify') cache.store.invalidate();
    else if (event === 'lost') cache.store.suspend();
    else cache.store.resume();
  });
  onShutdown('page cache', stop);
  return cache;
}

/** The channel a database trigger notifies on each committed write to a table a member's page shows (migration 0031). */
export const MEMBER_PAGES_CHANNEL = 'mavuno_member_pages';

/**
 * The members' render cache (./member-page-cache.ts), dropped on every committed write any process makes to what
 * an anonymous page or a member's page shows (PAGES_CHANNEL and MEMBER_PAGES_CHANNEL). While either notification
 * connection is down it stores and serves nothing.
 */
export async function startMemberPageCache(
  database: DatabaseHandle,
  options: Omit<MemberPageCacheOptions, 'now'>,
): Promise<MemberPageCache> {
  const cache = createMemberPageCache(options);
  if (options.maxEntries === 0) return cache;
  const down = new Set<string>();
  const listen = (channel: string) =>
    database.subscribe(channel, (event) => {
      if (event === 'notify') cache.store.invalidate();
      else if (event === 'lost') {
        down.add(channel);
        cache.store.suspend();
      } else {
        down.delete(channel);
        if (down.size === 0) cache.store.resume();
      }
    });
  const stops = [await listen(PAGES_CHANNEL), await listen(MEMBER_PAGES_CHANNEL)];
  onShutdown('member page cache', async () => {
    for (const stop of stops) await stop();
  });
  return cache;
}
