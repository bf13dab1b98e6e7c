import { describe, expect, it } from 'vitest';
import { pluralCategories, pluralCategory } from './plural';
import { createTranslator } from './t';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('plural categories', () => {
  it('follows each language: English and Swahili one is 1 only, French one is 0, 1 and 1.5, and many is millions', () => {
    expect([0, 1, 1.5, 2].map((n) => pluralCategory(n, 'en'))).toEqual(['other', 'one', 'other', 'other']);
    expect([0, 1, 3].map((n) => pluralCategory(n, 'sw'))).toEqual(['other', 'one', 'other']);
    expect([0, 1, 1.5, 2, 1_000_000].map((n) => pluralCategory(n, 'fr'))).toEqual([
      'one',
      'one',
      'one',
      'other',
      'many',
    ]);
    expect(pluralCategories('fr').sort()).toEqual(['many', 'one', 'other']);
    expect(pluralCategories('en-GB').sort()).toEqual(['one', 'other']);
  });
});

describe('t() with a count', () => {
  it('chooses the English form and groups the number', () => {
    const t = createTranslator('en');
    expect(t('catalogue.count', { count: 1 })).toBe('1 lot');
    expect(t('catalogue.count', { count: 0 })).toBe('0 lots');
    expect(t('catalogue.count', { count: 12_500 })).toBe('12,500 lots');
    expect(t('statistics.position_median', { place: 'Kenya', price: 'KES 50', unit: 'kg', count: 1 })).toContain(
      '(1 deal).',
    );
  });

  it('chooses the French form: 0 and 1 are singular, a million takes its own form', () => {
    const t = createTranslator('fr');
    expect(t('catalogue.count', { count: 0 })).toBe('0 lot trouvé');
    expect(t('catalogue.count', { count: 1 })).toBe('1 lot trouvé');
    expect(plain(t('catalogue.count', { count: 2_000 }))).toBe('2 000 lots trouvés');
    expect(plain(t('catalogue.count', { count: 1_000_000 }))).toBe('1 000 000 lots trouvés');
    expect(t('statistics.position_median', { place: 'Thiès', price: '50 F', unit: 'kg', count: 1 })).toContain(
      '(1 transaction).',
    );
  });

  it('chooses the Swahili form, the noun before the number', () => {
    const t = createTranslator('sw');
    expect(t('statistics.position_median', { place: 'Arusha', price: 'TSh 50', unit: 'kg', count: 1 })).toContain(
      '(mkataba 1).',
    );
    expect(t('statistics.position_median', { place: 'Arusha', price: 'TSh 50', unit: 'kg', count: 7 })).toContain(
      '(mikataba 7).',
    );
    expect(t('chat.badge', { count: 1 })).toBe('Ujumbe 1 haujasomwa');
    expect(t('chat.badge', { count: 3 })).toBe('Jumbe 3 hazijasomwa');
  });

  it('writes every number value the language’s way, but never an identifier', () => {
    expect(createTranslator('sw')('validation.too_big', { max: 100_000_000_000 })).toBe(
      'Weka 100,000,000,000 au pungufu.',
    );
    expect(plain(createTranslator('fr')('validation.too_big', { max: 100_000_000_000 }))).toBe(
      'Saisissez 100 000 000 000 ou moins.',
    );
    expect(createTranslator('en')('chat.deal_number', { id: 12345 })).toBe('deal #12345');
    expect(createTranslator('fr')('footer.copyright', { year: 2026 })).toContain('2026');
  });
});
