import { describe, expect, it } from 'vitest';
import { catalogueQueryString, parseCatalogueQuery } from './catalogue-query';

const scope = { kind: 'board' } as const;
const query = (from: string, to = '') =>
  `?BoardQuoteSearch%5Bprice_from%5D=${encodeURIComponent(from)}&BoardQuoteSearch%5Bprice_to%5D=${encodeURIComponent(to)}`;

describe('catalogue price filters', () => {
  it('reads the price filters as the page’s language writes numbers', () => {
    expect(parseCatalogueQuery(query('72,000', '1,100,000'), scope, false, 'en').search).toMatchObject({
      price_from: 72_000,
      price_to: 1_100_000,
    });
    expect(parseCatalogueQuery(query('70\u202f000', '72.000,5'), scope, false, 'fr').search).toMatchObject({
      price_from: 70_000,
      price_to: 72_000.5,
    });
  });

  it('leaves out an unreadable filter and keeps what was typed with the reason, to show beside it', () => {
    const state = parseCatalogueQuery(query('1,500', '2000'), scope, false, 'fr');
    expect(state.search.price_from).toBe(0);
    expect(state.search.price_to).toBe(2000);
    expect(state.refused.price_from).toMatchObject({
      text: '1,500',
      message: { key: 'validation.number_ambiguous' },
    });
    expect(state.refused.price_to).toBeUndefined();
  });

  it('writes links with numbers every language reads back the same', () => {
    const state = parseCatalogueQuery(query('72 000,5'), scope, false, 'fr');
    const link = catalogueQueryString(state, scope);
    expect(link).toContain('price_from%5D=72000.5');
    for (const locale of ['en', 'sw', 'fr'] as const)
      expect(parseCatalogueQuery(link, scope, false, locale).search.price_from).toBe(72_000.5);
  });
});
