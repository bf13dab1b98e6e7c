import { useCallback, useEffect, useState } from 'react';
import { type ApiResult, apiGet, apiPost } from '~/stores/api';
import { parseId } from '~/features/validation/fields';

export interface CountryOption {
  id: number;
  code: string;
  name: string;
  has_regions: boolean;
}
export interface PlaceOption {
  id: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
}
export type Items<T> = { items: T[] };

/*
 * Drop-down answers are kept for the life of the page: going back and forth between wizard steps, or opening a
 * second address form, must not fetch the same list again over a slow mobile connection. Failures are not kept.
 */
const cache = new Map<string, Promise<ApiResult<Items<unknown>>>>();

export function cachedList<T>(key: string, load: () => Promise<ApiResult<Items<T>>>): Promise<ApiResult<Items<T>>> {
  const hit = cache.get(key);
  if (hit) return hit as Promise<ApiResult<Items<T>>>;
  const pending = load().then((result) => {
    if (!result.ok) cache.delete(key);
    return result;
  });
  cache.set(key, pending as Promise<ApiResult<Items<unknown>>>);
  return pending;
}

export const loadCountries = () => cachedList<CountryOption>('countries', () => apiGet('/country-dropdown'));
export const loadRegions = (countryId: number) =>
  cachedList<PlaceOption>(`regions:${countryId}`, () =>
    apiPost('/region/country-region-dropdown', { country_id: countryId }),
  );
export const loadVillages = (regionId: number) =>
  cachedList<PlaceOption>(`villages:${regionId}`, () => apiPost('/village-by-region', { region_id: regionId }));

export type ListState = 'idle' | 'loading' | 'ready' | 'failed';

/** One drop-down's items for a parent id (none while the parent is not chosen), with a retry after a failure. */
export function useOptions<T>(parentId: string | null, load: (id: number) => Promise<ApiResult<Items<T>>>) {
  const [items, setItems] = useState<T[]>([]);
  const [state, setState] = useState<ListState>('idle');
  const [attempt, setAttempt] = useState(0);
  // Loads again when the parent changes, and when the user retries after a failure (attempt).
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry's trigger, not a value the effect reads.
  useEffect(() => {
    const id = parentId === null ? 0 : (parseId(parentId) ?? 0);
    if (parentId !== null && !(id > 0)) {
      setItems([]);
      setState('idle');
      return;
    }
    let current = true;
    setState('loading');
    load(id).then((result) => {
      if (!current) return;
      setItems(result.ok ? result.data.items : []);
      setState(result.ok ? 'ready' : 'failed');
    });
    return () => {
      current = false;
    };
  }, [parentId, load, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { items, state, retry };
}
