import type { Locale } from '~/i18n/config';
import { type Geocoder, type Place, type ReversePlace, distanceKm } from './geocoder';

/** Nominatim's usage policy: at most one request per second, with an identifying User-Agent. */
export const NOMINATIM_SPACING_MS = 1000;
export const NOMINATIM_USER_AGENT = 'Mavuno marketplace geocoder (+https://github.com/mavuno)';
const CACHE_ENTRIES = 1000;

export interface NominatimOptions {
  /** The service's base address, e.g. https://nominatim.openstreetmap.org */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Milliseconds now; injected by tests. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  userAgent?: string;
}

interface NominatimAddress {
  village?: string;
  town?: string;
  city?: string;
  hamlet?: string;
  suburb?: string;
  municipality?: string;
  county?: string;
  state?: string;
  region?: string;
  country?: string;
  country_code?: string;
}

interface NominatimResult {
  place_id?: number;
  lat?: string;
  lon?: string;
  name?: string;
  display_name?: string;
  address?: NominatimAddress;
}

const toNumber = (value: string | undefined) => {
  const n = value === undefined ? Number.NaN : Number(value);
  return Number.isFinite(n) ? n : null;
};
const settlement = (a: NominatimAddress = {}) =>
  a.village ?? a.town ?? a.city ?? a.hamlet ?? a.suburb ?? a.municipality;

/**
 * A Nominatim-compatible geocoder (used when GEOCODER_URL is set): requests are spaced one second apart across the
 * process, carry a User-Agent, and answers are kept in memory (the most recent CACHE_ENTRIES). A failing service
 * answers "nothing found" rather than an error: address search is a convenience, the form works without it.
 */
export function createNominatimGeocoder(options: NominatimOptions): Geocoder {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const userAgent = options.userAgent ?? NOMINATIM_USER_AGENT;
  const cache = new Map<string, unknown>();
  let queue: Promise<unknown> = Promise.resolve();
  let lastAt = Number.NEGATIVE_INFINITY;

  /** One request at a time, each at least NOMINATIM_SPACING_MS after the previous one started. */
  function request(path: string, params: Record<string, string>, locale: Locale): Promise<unknown> {
    const url = `${base}${path}?${new URLSearchParams(params)}`;
    const key = `${locale} ${url}`;
    if (cache.has(key)) {
      const hit = cache.get(key);
      cache.delete(key);
      cache.set(key, hit);
      return Promise.resolve(hit);
    }
    const run = async () => {
      if (cache.has(key)) return cache.get(key);
      const wait = lastAt + NOMINATIM_SPACING_MS - now();
      if (wait > 0) await sleep(wait);
      lastAt = now();
      try {
        const response = await doFetch(url, {
          headers: { 'User-Agent': userAgent, 'Accept-Language': locale, Accept: 'application/json' },
        });
        if (!response.ok) return null;
        const body: unknown = await response.json();
        cache.set(key, body);
        if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
        return body;
      } catch {
        return null;
      }
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  }

  return {
    async search(text, locale, limit) {
      const q = text.trim();
      if (q.length < 2 || limit < 1) return [];
      const body = await request(
        '/search',
        { q, format: 'jsonv2', addressdetails: '1', limit: String(limit), 'accept-language': locale },
        locale,
      );
      if (!Array.isArray(body)) return [];
      return (body as NominatimResult[]).slice(0, limit).map((r): Place => ({
        type: 'external',
        id: null,
        name: r.name || settlement(r.address) || r.display_name || '',
        label: r.display_name ?? r.name ?? '',
        country_id: null,
        country_code: r.address?.country_code?.toUpperCase() ?? null,
        region_id: null,
        village_id: null,
        latitude: toNumber(r.lat),
        longitude: toNumber(r.lon),
      }));
    },

    async reverse(latitude, longitude, locale): Promise<ReversePlace | null> {
      const body = (await request(
        '/reverse',
        {
          lat: String(latitude),
          lon: String(longitude),
          format: 'jsonv2',
          addressdetails: '1',
          zoom: '14',
          'accept-language': locale,
        },
        locale,
      )) as NominatimResult | null;
      const name = settlement(body?.address);
      if (!body || !name) return null;
      const region = body.address?.state ?? body.address?.region ?? body.address?.county;
      const lat = toNumber(body.lat);
      const lng = toNumber(body.lon);
      return {
        village: { id: null, name, latitude: lat, longitude: lng },
        region: region ? { id: null, name: region } : null,
        country: body.address?.country
          ? { id: null, code: body.address.country_code?.toUpperCase() ?? null, name: body.address.country }
          : null,
        distance_km:
          lat === null || lng === null ? null : Math.round(distanceKm(latitude, longitude, lat, lng) * 10) / 10,
      };
    },
  };
}
