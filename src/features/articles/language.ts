import { DEFAULT_LOCALE, LOCALES, type Locale } from '~/i18n/config';

/**
 * The language an article is shown in to a reader of `wanted`: that language when the article has it, else
 * English, else the first of the others in the order of LOCALES (docs/articles.md "Languages").
 */
export function pickArticleLocale(available: readonly Locale[], wanted: Locale): Locale | undefined {
  if (available.includes(wanted)) return wanted;
  if (available.includes(DEFAULT_LOCALE)) return DEFAULT_LOCALE;
  return LOCALES.find((locale) => available.includes(locale));
}

/** The languages an article lacks, in the order of LOCALES. */
export function missingLocales(available: readonly Locale[]): Locale[] {
  return LOCALES.filter((locale) => !available.includes(locale));
}
