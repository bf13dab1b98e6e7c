/**
 * Catalogue counts per normalised filter (the compiled WHERE of the count and its limit), for a few seconds, in
 * this process. Counting the matches is the dearest part of a large catalogue page and the same filter is asked
 * again and again (every page of it, every visitor). A write that changes lots in this process forgets them all
 * (forgetLotCounts); other processes of the same PostgreSQL database may show a count up to LOT_COUNT_TTL_MS old.
 * Bounded: the oldest key goes first.
 */
export const LOT_COUNT_TTL_MS = 20_000;
const MAX_KEYS = 500;

interface Entry {
  expires: number;
  value: Promise<number>;
}
const entries = new Map<string, Entry>();
/** Bumped by every forget: a count that started before it is not remembered (it may have missed the write). */
let generation = 0;

export function cachedLotCount(key: string, load: () => Promise<number>): Promise<number> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value;
  const started = generation;
  const value = load();
  entries.delete(key);
  entries.set(key, { expires: now + LOT_COUNT_TTL_MS, value });
  if (entries.size > MAX_KEYS) entries.delete(entries.keys().next().value!);
  const drop = () => {
    if (entries.get(key)?.value === value) entries.delete(key);
  };
  value.then(() => generation !== started && drop(), drop);
  return value;
}

/** Lots were created, changed or removed: the next counts are counted again. */
export function forgetLotCounts(): void {
  generation++;
  entries.clear();
}
