import { sql } from 'drizzle-orm';
import { LOCALE_META, type Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import { countries } from '~/server/db/schema';

export interface CountryOption {
  id: number;
  code: string;
  name: string;
  has_regions: boolean;
}

/** Every country, named in the caller's language; countries Mavuno has regions for come first. */
export async function listCountries(db: Executor, locale: Locale): Promise<CountryOption[]> {
  const name = localizedColumn(countries, 'name', locale);
  // Written out: drizzle leaves columns unqualified inside a select's sql, which would compare regions.id here.
  const hasRegions = sql<boolean>`exists (select 1 from regions r where r.country_id = "countries"."id")`;
  const rows = await db
    .select({ id: countries.id, code: countries.code, name, has_regions: hasRegions })
    .from(countries);
  // Sorted by the language's rules (É with E in French), the same on every database collation.
  const collator = new Intl.Collator(LOCALE_META[locale].intl);
  return rows.sort((a, b) => Number(b.has_regions) - Number(a.has_regions) || collator.compare(a.name, b.name));
}
