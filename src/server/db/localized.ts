import { type SQL, sql } from 'drizzle-orm';
import { regions } from '~/server/db/schema';
import type { Locale } from '~/i18n/config';

type Translated<Prefix extends string> = { [K in `${Prefix}En` | `${Prefix}Sw` | `${Prefix}Fr`]: unknown };
const SUFFIX: Record<Locale, 'En' | 'Sw' | 'Fr'> = { en: 'En', sw: 'Sw', fr: 'Fr' };

/** The column of a translated name for a locale: `localizedColumn(categories, 'name', 'sw')` is `categories.nameSw`. */
export function localizedColumn<T extends Translated<P>, P extends string>(
  table: T,
  prefix: P,
  locale: Locale,
): T[`${P}En`] {
  return table[`${prefix}${SUFFIX[locale]}` as `${P}En`];
}

/**
 * A region's name in a language: its translation where it has one (`name_fr`, `name_sw`), else its official name
 * (src/server/db/schema/reference.ts). Every read of a region name for people goes through here or through
 * `regionNameOf` on the row.
 */
export function regionNameIn(locale: Locale): SQL<string> {
  if (locale === 'en') return sql<string>`${regions.name}`;
  return sql<string>`coalesce(${locale === 'fr' ? regions.nameFr : regions.nameSw}, ${regions.name})`;
}

/** The same rule on a row already read: `{ name, nameSw, nameFr }`. */
export function regionNameOf(row: { name: string; nameSw: string | null; nameFr: string | null }, locale: Locale) {
  return (locale === 'fr' ? row.nameFr : locale === 'sw' ? row.nameSw : null) ?? row.name;
}
