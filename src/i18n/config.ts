export const LOCALES = ['en', 'sw', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** The cookie that remembers the chosen language, for 365 days (docs/architecture.md "Languages"). */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Each language's name in itself (the switcher's accessible names) and its Intl locale. */
export const LOCALE_META: Record<Locale, { label: string; intl: string }> = {
  en: { label: 'English', intl: 'en-GB' },
  sw: { label: 'Kiswahili', intl: 'sw' },
  fr: { label: 'Français', intl: 'fr' },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
