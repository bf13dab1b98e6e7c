import type { Executor } from '~/server/db';
import { getEnv } from '~/server/env';
import { createGazetteerGeocoder } from './gazetteer';
import type { Geocoder } from './geocoder';
import { createNominatimGeocoder } from './nominatim';

let nominatim: { url: string; geocoder: Geocoder } | undefined;

/**
 * The configured geocoder: Mavuno's own gazetteer, or — when GEOCODER_URL is set — a Nominatim-compatible service.
 * The Nominatim adapter is one per process, so its request spacing and cache hold for every caller.
 */
export function getGeocoder(db: Executor): Geocoder {
  const url = getEnv().GEOCODER_URL;
  if (!url) return createGazetteerGeocoder(db);
  if (nominatim?.url !== url) nominatim = { url, geocoder: createNominatimGeocoder({ baseUrl: url }) };
  return nominatim.geocoder;
}
