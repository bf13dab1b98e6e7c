import { describe, expect, it } from 'vitest';
import { localizePath, negotiateLocale, splitLocale } from './paths';

describe('locale paths', () => {
  it('reads the locale prefix and keeps English unprefixed', () => {
    expect(splitLocale('/sw/board')).toEqual({ locale: 'sw', path: '/board' });
    expect(splitLocale('/fr')).toEqual({ locale: 'fr', path: '/' });
    expect(splitLocale('/board')).toEqual({ locale: 'en', path: '/board' });
    expect(splitLocale('/')).toEqual({ locale: 'en', path: '/' });
    // Only whole segments count: /swahili-news is an English path.
    expect(splitLocale('/swahili-news')).toEqual({ locale: 'en', path: '/swahili-news' });
    expect(splitLocale('/de/board')).toEqual({ locale: 'en', path: '/de/board' });
  });

  it('builds localized paths that split back to the same page', () => {
    expect(localizePath('/board', 'en')).toBe('/board');
    expect(localizePath('/board', 'sw')).toBe('/sw/board');
    expect(localizePath('/', 'fr')).toBe('/fr');
    for (const locale of ['en', 'sw', 'fr'] as const) {
      expect(splitLocale(localizePath('/user/offers', locale))).toEqual({ locale, path: '/user/offers' });
    }
  });

  it('negotiates the best supported language from Accept-Language', () => {
    expect(negotiateLocale('sw-KE,sw;q=0.9,en;q=0.8')).toBe('sw');
    expect(negotiateLocale('de-DE,fr;q=0.7,en;q=0.5')).toBe('fr');
    expect(negotiateLocale('en;q=0.4,fr;q=0.9')).toBe('fr');
    expect(negotiateLocale('fr;q=0,sw;q=0.1')).toBe('sw');
    expect(negotiateLocale('de,ru')).toBeUndefined();
    expect(negotiateLocale('')).toBeUndefined();
    expect(negotiateLocale(undefined)).toBeUndefined();
  });
});
