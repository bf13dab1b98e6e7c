/**
 * Catalogue counts, and the ordered ids of text searches, per normalised filter (the compiled WHERE, and the sort
 * for ids), for a few seconds, in this process. Counting the matches is the dearest part of a large catalogue page,
 * and the same filter is asked again and again (every page of it, every visitor). A write that changes lots in this
 * process forgets them all (forgetLotCounts); other processes of the same PostgreSQL database may use one up to
 * LOT_COUNT_TTL_MS old (a page from cached ids checks its lots against the filter again, so it never shows a lot
 * that no longer matches). Bounded: the oldest key goes first.
 */
export const LOT_COUNT_TTL_MS = 20_000;
const MAX_KEYS = 500;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}
const entries = new Map<string, Entry>();

export function cachedLotResult<T>(key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  entries.delete(key);
  entries.set(key, { expires: now + LOT_COUNT_TTL_MS, value });
  if (entries.size > MAX_KEYS) entries.delete(entries.keys().next().value!);
  // A failed load is not remembered: the next caller tries again.
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

/**
 * Lots were created, changed or removed: the next counts are counted again. A count under way is forgotten too
 * (it may have missed the write).
 */
export function forgetLotCounts(): void {
  entries.clear();
}
