/**
 * A short-lived per-process memo for data that changes rarely and may be a minute stale everywhere it is
 * shown (reference lists, the home page's market snapshot). Each process keeps its own copy: nothing here
 * is state another process needs. Concurrent callers of an expired key share one load.
 */
interface Entry {
  expires: number;
  value: Promise<unknown>;
}
const entries = new Map<string, Entry>();

export function memoize<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { expires: now + ttlMs, value });
  // A failed load is not remembered: the next caller tries again.
  value.catch(() => entries.delete(key));
  return value;
}

/** Tests and data changes (seeding) start from a clean slate. */
export function clearMemo(): void {
  entries.clear();
}
