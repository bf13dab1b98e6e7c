import { describe, expect, it } from 'vitest';
import { offersHref, readOfferFilter } from './offer-filter';

const read = (query: string) => readOfferFilter(new URL(`http://localhost/user/offers${query}`));

describe('offers list filter', () => {
  it('reads one lot, a role and a page', () => {
    expect(read('?order_id=12&order_type=seeds_list&role=seller&page=3')).toEqual({
      lot: { order_id: 12, order_type: 'seeds_list' },
      role: 'seller',
      page: 3,
    });
  });

  it('ignores half a lot, an unknown type or role, and an unreadable page', () => {
    expect(read('?order_id=12')).toEqual({ lot: undefined, role: undefined, page: 1 });
    expect(read('?order_id=12&order_type=cars')).toEqual({ lot: undefined, role: undefined, page: 1 });
    expect(read('?order_id=-1&order_type=board_list&role=admin&page=0')).toEqual({
      lot: undefined,
      role: undefined,
      page: 1,
    });
    expect(read('?order_id=99999999999&order_type=board_list&page=2.5')).toEqual({
      lot: undefined,
      role: undefined,
      page: 1,
    });
  });

  it('writes the address back, leaving page 1 and empty choices out', () => {
    expect(offersHref('/sw/user/offers', { page: 1 })).toBe('/sw/user/offers');
    expect(
      offersHref('/user/offers', { lot: { order_id: 5, order_type: 'technic_list' }, role: 'buyer', page: 2 }),
    ).toBe('/user/offers?order_id=5&order_type=technic_list&role=buyer&page=2');
  });

  it('round-trips', () => {
    const filter = { lot: { order_id: 7, order_type: 'board_list' as const }, role: 'seller' as const, page: 4 };
    expect(readOfferFilter(new URL(offersHref('http://localhost/user/offers', filter)))).toEqual(filter);
  });
});
