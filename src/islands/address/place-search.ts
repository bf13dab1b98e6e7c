import type { Place, ReversePlace } from '~/features/warehouses/place';
import type { GeoPoint, MapCenter } from '~/features/accounts/address-value';

/**
 * What the address search does with an answer of the geocoder (docs/warehouses.md "Geocoder" and "Address search
 * in forms"): which drop-downs a found place fills, where the map goes, and the "nearest village" proposal after a
 * click on the map. Pure, so it is tested without a browser.
 */

/** An item of GET /geocoder/search. `external` places (an outside geocoder) have null ids. */
export type FoundPlace = Place;

/** The `place` of GET /geocoder/reverse: the village nearest to a point, with its region and country. */
export type NearestPlace = ReversePlace;

/** The drop-downs' values (as forms hold them: strings, '' for none). */
export interface PlaceIds {
  country_id: string;
  region_id: string;
  village_id: string;
}

export interface PlacePick {
  /** The drop-downs to set, or null to leave them as they are (a place outside Mavuno's lists). */
  ids: PlaceIds | null;
  /** The point to set (a village, a warehouse, a place found outside), or null to keep the present one. */
  point: GeoPoint | null;
  /** Where the map goes, at a zoom that shows the whole place. */
  center: MapCenter | null;
}

/** Zooms that show a whole place of each kind on a phone-sized map. */
export const PLACE_ZOOM: Record<FoundPlace['type'], number> = {
  country: 6,
  region: 9,
  village: 14,
  warehouse: 16,
  external: 13,
};

const idText = (id: number | null) => (id === null ? '' : String(id));

/**
 * What picking a found place changes: a country sets the country (and clears region and village), a region the
 * country and region, a village all three and its point, a warehouse the lists as far as they are known and its
 * point; a place with no ids of Mavuno's (from an outside geocoder) only moves the point and the map.
 */
export function placePick(place: FoundPlace): PlacePick {
  const ids =
    place.country_id === null
      ? null
      : {
          country_id: idText(place.country_id),
          region_id: place.type === 'country' ? '' : idText(place.region_id),
          village_id: place.type === 'country' || place.type === 'region' ? '' : idText(place.village_id),
        };
  const at =
    place.latitude !== null && place.longitude !== null
      ? { latitude: place.latitude, longitude: place.longitude }
      : null;
  const isSpot = place.type === 'village' || place.type === 'warehouse' || place.type === 'external';
  return {
    ids,
    point: isSpot ? at : null,
    center: at ? { ...at, zoom: PLACE_ZOOM[place.type] } : null,
  };
}

/** A point as a form's fields hold it (strings written as a program writes numbers), blanks for none. */
export const pointFields = (point: GeoPoint | null) => ({
  latitude: point ? String(point.latitude) : '',
  longitude: point ? String(point.longitude) : '',
});

/**
 * The one way a form takes a pick: the fields it sets — its drop-downs where it has Mavuno's ids, its point where
 * it is a spot — and nothing else (LotPlaceFields; AddressFields also switches a town to the village list).
 */
export function pickFields(pick: PlacePick): Partial<PlaceIds & { latitude: string; longitude: string }> {
  return { ...pick.ids, ...(pick.point && pointFields(pick.point)) };
}

/** "Ahero, Kisumu": the nearest village and its region, as the proposal names them. */
export function nearestName(nearest: NearestPlace): string {
  return [nearest.village.name, nearest.region?.name].filter(Boolean).join(', ');
}

/** The drop-downs the proposal would set, or null when the village is not in Mavuno's lists (nothing to choose). */
export function nearestIds(nearest: NearestPlace): PlaceIds | null {
  if (nearest.village.id === null || !nearest.country?.id) return null;
  return {
    country_id: String(nearest.country.id),
    region_id: idText(nearest.region?.id ?? null),
    village_id: String(nearest.village.id),
  };
}

/** Whether the proposal is worth showing: a village of the lists that is not the one already chosen. */
export function isNewProposal(nearest: NearestPlace, chosen: Partial<PlaceIds>): boolean {
  const ids = nearestIds(nearest);
  return ids !== null && ids.village_id !== (chosen.village_id ?? '');
}

/** "1.2 km" (or "800 m" under a kilometre) in the page's language. */
export function formatDistance(km: number, locale: string): string {
  if (km < 1)
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(
      Math.round(km * 10) * 100,
    );
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(km);
}

/** The option highlighted after an arrow key, Home or End (wrapping around), or -1 when there are none. */
export function moveHighlight(current: number, count: number, key: string): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current < 0 || current >= count - 1 ? 0 : current + 1;
  if (key === 'ArrowUp') return current <= 0 ? count - 1 : current - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return current;
}

/** Searches start at this many letters (spaces not counted): one letter matches half the gazetteer. */
export const SEARCH_MIN_LETTERS = 2;
export const searchable = (text: string) => text.replace(/\s+/g, '').length >= SEARCH_MIN_LETTERS;
