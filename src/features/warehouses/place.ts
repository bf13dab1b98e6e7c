/**
 * The places of address search (docs/warehouses.md "Geocoder"), as the API answers them: shared by the geocoders
 * (src/server/geo/) and the forms' search (src/islands/address/place-search.ts).
 */
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
