/** Shapes of the reference data files in this folder. Names of villages are proper nouns (one spelling), regions'
 *  too unless translated (`names`); names of categories and units are translated into the three interface languages. */
export interface PlaceSeed {
  name: string;
  lat: number;
  lng: number;
}
export interface RegionSeed extends PlaceSeed {
  /**
   * The region's name where a language translates it (a compass point, "Federal Capital Territory"); a name that is
   * a proper noun in every language ("Nakuru", "Thiès", "Ashanti") has none. docs/architecture.md "Languages".
   */
  names?: { sw?: string; fr?: string };
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
