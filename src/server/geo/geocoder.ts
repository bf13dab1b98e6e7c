import type { Locale } from '~/i18n/config';

/** What a place found by a search is (docs/warehouses.md "Geocoder"). `external`: from an outside geocoder. */
export type PlaceType = 'country' | 'region' | 'village' | 'warehouse' | 'external';

/** A place a search found: ids are Mavuno's own where the place is in its gazetteer, null otherwise. */
export interface Place {
  type: PlaceType;
  id: number | null;
  name: string;
  /** The name with what it lies in: "Ahero, Kisumu, Kenya". */
  label: string;
  country_id: number | null;
  country_code: string | null;
  region_id: number | null;
  village_id: number | null;
  latitude: number | null;
  longitude: number | null;
}

/** The nearest village (or town) to a point, with its region and country. */
export interface ReversePlace {
  village: { id: number | null; name: string; latitude: number | null; longitude: number | null };
  region: { id: number | null; name: string } | null;
  country: { id: number | null; code: string | null; name: string } | null;
  /** Great-circle distance from the asked point to the village's centre, in kilometres (one decimal). */
  distance_km: number | null;
}

/** Forward and reverse address search; the configured one is getGeocoder() in get-geocoder.ts. */
export interface Geocoder {
  search(text: string, locale: Locale, limit: number): Promise<Place[]>;
  reverse(latitude: number, longitude: number, locale: Locale): Promise<ReversePlace | null>;
}

/** Distance between two points on the Earth, in kilometres (haversine). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}
