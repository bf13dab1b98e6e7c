/**
 * The choices the lot form is handed (src/server/loaders/lot-form.ts builds them, src/islands/lot-form/ shows
 * them): shared here so the server never imports an island and the form's parts never import each other for a type.
 */

/** A unit of measure as the quantity fields name it. */
export interface UnitOption {
  id: number;
  name: string;
  short: string;
}

/** A currency the price may be set in, with the decimals its amounts keep. */
export interface CurrencyChoice {
  id: number;
  code: string;
  name: string;
  decimals: number;
}

/** A category with its subcategories (the two levels of getCategoryTree). */
export interface CategoryChoice {
  id: number;
  name: string;
  children: { id: number; name: string }[];
}

/** One of the owner's warehouses, with the place a lot placed there takes (docs/warehouses.md). */
export interface WarehouseChoice {
  id: number;
  name: string;
  country_id: number | null;
  region_id: number | null;
  village_id: number | null;
  latitude: number | null;
  longitude: number | null;
}

/** A photo already on the lot being edited. */
export interface ExistingPhoto {
  key: string;
  url: string;
  srcset: string;
}

/** A place of the lists the form offers without JavaScript (country, region, village). */
export interface PlaceChoice {
  id: number;
  name: string;
}

/**
 * The lot form as a plain HTML form (docs/lots.md "The lot form without JavaScript"): where it posts, the form
 * token, what a refused post said (per field and above the form), a price far from the usual one waiting for the
 * seller's "yes", and the place lists for the values shown (the island's own lists come from the API once it runs).
 */
export interface PlainLotForm {
  action: string;
  token: string;
  errors: Record<string, string>;
  problem?: string;
  /** The server's `price_unusual` message and the price (as read) it is about. */
  unusual?: { message: string; price: number };
  places: { countries: PlaceChoice[]; regions: PlaceChoice[]; villages: PlaceChoice[] };
}
