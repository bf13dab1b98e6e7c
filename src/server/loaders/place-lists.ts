import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { parseId } from '~/features/validation/fields';
import { listCountries } from '~/server/services/reference/list-countries';
import { listCountryRegions, listRegionVillages } from '~/server/services/reference/list-regions';

type Region = Awaited<ReturnType<typeof listCountryRegions>>[number];
type Village = Awaited<ReturnType<typeof listRegionVillages>>[number];
export interface PlaceChoice {
  id: number;
  name: string;
}

/**
 * The country, region and village lists a plain form's place selects show for the ids it holds (the lot form, the
 * member's warehouse form): the country's regions, the region's villages. A region of another country (the country
 * was changed) is not offered, nor its villages. `region` and `villageRows` are the rows behind the choices, for a
 * map's centre.
 */
export async function loadPlaceLists(
  db: Executor,
  locale: Locale,
  values: { country_id?: string; region_id?: string },
): Promise<{
  countries: PlaceChoice[];
  regions: PlaceChoice[];
  villages: PlaceChoice[];
  region: Region | undefined;
  villageRows: Village[];
}> {
  const countryId = parseId(values.country_id);
  const regionId = parseId(values.region_id);
  const [countries, regions, villages] = await Promise.all([
    listCountries(db, locale),
    countryId ? listCountryRegions(db, countryId, locale) : [],
    regionId ? listRegionVillages(db, regionId) : [],
  ]);
  const region = regions.find((r) => r.id === regionId);
  const villageRows = region ? villages : [];
  const choice = (place: PlaceChoice) => ({ id: place.id, name: place.name });
  return {
    countries: countries.map(choice),
    regions: regions.map(choice),
    villages: villageRows.map(choice),
    region,
    villageRows,
  };
}
