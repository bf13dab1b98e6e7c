import type { Place, ReversePlace } from '~/features/warehouses/place';
import type { Locale } from '~/i18n/config';

export type { Place, PlaceType, ReversePlace } from '~/features/warehouses/place';

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
