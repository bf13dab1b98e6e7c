import type { DatabaseHandle } from '~/server/db';
import { onShutdown } from '~/server/lifecycle';
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
