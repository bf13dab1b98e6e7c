import { describe, expect, it } from 'vitest';
import { missingLocales, pickArticleLocale } from './language';

describe('article languages', () => {
  it("shows the reader's language, else English, else the first other one", () => {
    expect(pickArticleLocale(['en', 'sw'], 'sw')).toBe('sw');
    expect(pickArticleLocale(['en', 'sw'], 'fr')).toBe('en');
    expect(pickArticleLocale(['fr', 'sw'], 'en')).toBe('sw');
    expect(pickArticleLocale(['fr'], 'sw')).toBe('fr');
    expect(pickArticleLocale([], 'sw')).toBeUndefined();
  });
  it('lists what is missing', () => {
    expect(missingLocales(['sw'])).toEqual(['en', 'fr']);
  });
});
