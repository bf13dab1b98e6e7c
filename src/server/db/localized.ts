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
