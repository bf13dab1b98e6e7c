import { describe, expect, it } from 'vitest';
import { KINDS } from './constants';
import { lotIndexQuery, searchObjectOf } from './query';

describe('searchObjectOf', () => {
  it("reads the kind's category filter as category_id and takes q and country_id from the top level", () => {
    const inner = searchObjectOf(KINDS.seed, {
      SeedQuoteSearch: { seeds_category_id: '4', region_id: '7' },
      q: 'maize',
      country_id: '2',
    });
    expect(inner).toMatchObject({ category_id: '4', region_id: '7', q: 'maize', country_id: '2' });
  });

  it('keeps the search object’s own q and country_id over the top-level ones', () => {
    expect(
      searchObjectOf(KINDS.board, { BoardQuoteSearch: { q: 'beans', country_id: '3' }, q: 'maize', country_id: '2' }),
    ).toMatchObject({ q: 'beans', country_id: '3' });
  });

  it('ignores another kind’s object and a search object that is not an object', () => {
    expect(searchObjectOf(KINDS.board, { SeedQuoteSearch: { seeds_category_id: '4' } })).toEqual({});
    expect(searchObjectOf(KINDS.board, { BoardQuoteSearch: ['1'] })).toEqual({});
    expect(searchObjectOf(KINDS.board, { BoardQuoteSearch: 'x' })).toEqual({});
  });
});

describe('lotIndexQuery', () => {
  it('parses the paging and the search object together', () => {
    const query = lotIndexQuery(KINDS.technic, 'en').parse({
      page: '2',
      TechnicQuoteSearch: { technic_category_id: '5', type: 'rent' },
    });
    expect(query.page).toBe(2);
    expect(query.search).toMatchObject({ category_id: 5, type: 'rent', price_from: 0 });
  });
});
