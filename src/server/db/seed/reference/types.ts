/** Shapes of the reference data files in this folder. Names of places are proper nouns (one spelling);
 *  names of categories and units are translated into the three interface languages. */
export interface PlaceSeed {
  name: string;
  lat: number;
  lng: number;
}
export interface RegionSeed extends PlaceSeed {
  villages: PlaceSeed[];
}
export interface TranslatedName {
  en: string;
  sw: string;
  fr: string;
}
export interface CategorySeed {
  /** Stable id: other data (statistics defaults, demo lots) refer to categories by id. Unique within one kind. */
  id: number;
  slug: string;
  name: TranslatedName;
  children?: CategorySeed[];
}
export interface UnitSeed {
  id: number;
  code: string;
  name: TranslatedName;
  /** Short label shown after a price, e.g. "kg", "t", "bag". */
  short: TranslatedName;
  forBoard: boolean;
  forSeed: boolean;
  forFertilizer: boolean;
  forMachinery: boolean;
  /** Kilograms in one unit; absent for units without a fixed mass. */
  kgPerUnit?: number;
}
