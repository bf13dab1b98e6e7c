import type { Locale } from '~/i18n/config';
import { memoize } from '~/server/cache/memo';
import type { Executor } from '~/server/db';
import { type CountryOption, listCountries } from '~/server/services/reference/list-countries';
import { type RegionRow, listCountryRegions } from '~/server/services/reference/list-regions';

// Reference lists may be a minute old on every page that filters by place.
const MINUTE = 60_000;

export interface RegionGroup {
  country: CountryOption;
  regions: RegionRow[];
}

export interface PlaceFilterLists {
  countries: CountryOption[];
  /** The regions offered, grouped by country: countries without regions are left out. */
  regionGroups: RegionGroup[];
}

/**
 * The lists of a country + region filter (PlaceFilterFields): every country, and the regions of the chosen
 * countries, or of every country with regions when none is chosen, grouped by country. Both are shared a minute.
 */
export async function loadPlaceFilter(
  db: Executor,
  locale: Locale,
  chosenCountryIds: readonly number[] | undefined,
): Promise<PlaceFilterLists> {
  const countries = await memoize(`place-filter:countries:${locale}`, MINUTE, () => listCountries(db, locale));
  const regionCountries = chosenCountryIds?.length
    ? countries.filter((country) => chosenCountryIds.includes(country.id))
    : countries.filter((country) => country.has_regions);
  const regionGroups = await Promise.all(
    regionCountries.map(async (country) => ({
      country,
      regions: await memoize(`catalogue:regions:${country.id}:${locale}`, MINUTE, () =>
        listCountryRegions(db, country.id, locale),
      ),
    })),
  );
  return { countries, regionGroups: regionGroups.filter((group) => group.regions.length > 0) };
}
