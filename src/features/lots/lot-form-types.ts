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
