import { describe, expect, it } from 'vitest';
import { apiRequest, get } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { makeOffer } from '../fixtures/deals';
import { maizeLot, memberWithTier, wrapped } from '../fixtures/lots';

/**
 * Numbers as people type them (docs/decisions.md "Numbers as people type them"): the API reads prices, volumes
 * and filters in the Accept-Language of the request, refuses what could mean two numbers, shows whole-unit
 * currencies without cents, and asks the seller to confirm a price far from the usual one.
 */
const database = useTestDatabase();

const TZS = 4;
const UGX = 2;
const KES = 1;

const postIn = (locale: string, auth: Record<string, string>, path: string, body: URLSearchParams) =>
  apiRequest(path, {
    method: 'POST',
    locale,
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...auth },
  });
const createIn = (locale: string, auth: Record<string, string>, fields: Record<string, unknown>) =>
  postIn(locale, auth, '/board-list/create-quote', wrapped('BoardList', fields));
const view = async (id: number) => (await get(`/board-list/view?id=${id}`)).json;

describe('lot prices and volumes typed as people type them', () => {
  it('reads "72,000" in English as seventy-two thousand shillings, not 72.00', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    const created = await createIn(
      'en',
      silver.auth,
      await maizeLot({ price: '72,000', currency_id: TZS, volume: '1,100,000', max_volume: '' }),
    );
    expect(created.status).toBe(200);
    expect(await view(created.json.id)).toMatchObject({ price: 72_000, price_minor: 7_200_000, volume: 1_100_000 });
  });

  it('reads "70 000" in French, with any kind of space, and "72.000,50" with a decimal comma', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    for (const price of ['70 000', '70\u00a0000', '70\u202f000']) {
      const created = await createIn('fr', silver.auth, await maizeLot({ price, currency_id: TZS }));
      expect(created.status, price).toBe(200);
      expect((await view(created.json.id)).price).toBe(70_000);
    }
    const cents = await createIn('fr', silver.auth, await maizeLot({ price: '72.000,50', currency_id: KES }));
    expect(cents.status).toBe(200);
    expect((await view(cents.json.id)).price).toBe(72_000.5);
  });

  it('always reads a bare machine number, in every language', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    for (const locale of ['en', 'sw', 'fr']) {
      const created = await createIn(locale, silver.auth, await maizeLot({ price: '72000.5', volume: '250.25' }));
      expect(created.status, locale).toBe(200);
      expect(await view(created.json.id)).toMatchObject({ price: 72_000.5, volume: 250.25 });
    }
  });

  it('refuses in French a price that could be 1,5 or 1 500, with both readings on the field, and keeps nothing', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    const refused = await createIn('fr', silver.auth, await maizeLot({ price: '1,500', title: 'Ambiguous maize' }));
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('validation_failed');
    expect(refused.json.errors.price[0].replace(/\s/g, ' ')).toBe(
      'Ce nombre peut se lire 1 500 ou 1,5. Écrivez celui que vous voulez dire : 1 500 ou 1,5.',
    );
    // The same text in English is one thousand five hundred.
    const english = await createIn('en', silver.auth, await maizeLot({ price: '1,500' }));
    expect(english.status).toBe(200);
    expect((await view(english.json.id)).price).toBe(1500);
    const mine = await get(`/board-list/index?q=${encodeURIComponent('Ambiguous maize')}`);
    expect(mine.json._meta.totalCount).toBe(0);
  });

  it('refuses text that is not one number, and cents in a currency without them', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    const words = await createIn('en', silver.auth, await maizeLot({ price: 'TZS 72,000', volume: '7 2000' }));
    expect(words.status).toBe(422);
    expect(words.json.errors.price).toEqual(['Enter the number in digits only, like 1,250.50.']);
    expect(words.json.errors.volume).toEqual([
      'Group thousands by three digits, like 1,100,000, or write the digits together.',
    ]);
    const cents = await createIn('en', silver.auth, await maizeLot({ price: '72,000.50', currency_id: TZS }));
    expect(cents.status).toBe(422);
    expect(cents.json.errors.price).toEqual(['TZS prices have no cents: enter a whole amount.']);
    const ugx = await createIn('sw', silver.auth, await maizeLot({ price: '1000.5', currency_id: UGX }));
    expect(ugx.json.errors.price).toEqual(['Bei za UGX hazina senti: andika kiasi kamili.']);
  });

  it('reads bulk prices in the request’s language', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    // Rice, not maize: the maize lots above (at 72,000) would make 3,600 an unusual price.
    const { id } = (await createIn('en', silver.auth, await maizeLot({ price: 3600, category_id: 4 }))).json;
    const body = new URLSearchParams({ 'prices[0][id]': String(id), 'prices[0][price]': '3 750,50' });
    const updated = await postIn('fr', silver.auth, '/board-list/update-prices', body);
    expect(updated.status, updated.text).toBe(200);
    expect((await view(id)).price).toBe(3750.5);
    body.set('prices[0][price]', '3,750');
    const refused = await postIn('fr', silver.auth, '/board-list/update-prices', body);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.errors)).toEqual(['prices.0.price']);
  });
});

describe('catalogue price filters typed as people type them', () => {
  it('reads price_from and price_to in the request’s language and refuses an ambiguous one', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    const title = 'Filtered maize for numbers';
    await createIn('en', silver.auth, await maizeLot({ title, price: 3600, currency_id: KES, category_id: 4 }));
    const search = (from: string, to: string, locale: string) =>
      get(
        `/board-list/index?q=${encodeURIComponent(title)}&BoardQuoteSearch[currency_id]=${KES}` +
          `&BoardQuoteSearch[price_from]=${encodeURIComponent(from)}&BoardQuoteSearch[price_to]=${encodeURIComponent(to)}`,
        locale,
      );
    const en = await search('3,000', '4,000', 'en');
    expect(en.json._meta?.totalCount, en.text).toBe(1);
    expect((await search('3 000', '4 000', 'fr')).json._meta.totalCount).toBe(1);
    expect((await search('3 700', '4 000', 'fr')).json._meta.totalCount).toBe(0);
    const ambiguous = await search('3,000', '', 'fr');
    expect(ambiguous.status).toBe(422);
    expect(Object.keys(ambiguous.json.errors)).toEqual(['search.price_from']);
  });
});

describe('offers typed as people type them', () => {
  it('takes "1,100,000" in English and "70 000" in French as offer prices', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const buyer = await signedUpUser();
    const created = await createIn('en', seller.auth, await maizeLot({ price: '1,000,000', currency_id: UGX }));
    const lotId = created.json.id;
    const offer = (locale: string, price: string, volume: string) =>
      postIn(
        locale,
        buyer.auth,
        '/offer/create-offer',
        wrapped('Offer', { order_id: lotId, order_type: 'board_list', price, volume }),
      );
    const english = await offer('en', '1,100,000', '10');
    expect(english.status).toBe(200);
    expect(english.json).toMatchObject({ offer_price_per_unit: 1_100_000, volume: 10, offer_price: 11_000_000 });
    const french = await offer('fr', '70 000', '12,5');
    expect(french.status).toBe(200);
    expect(french.json).toMatchObject({ offer_price_per_unit: 70_000, volume: 12.5, offer_price: 875_000 });
    const ambiguous = await offer('fr', '1,500', '10');
    expect(ambiguous.status).toBe(422);
    expect(Object.keys(ambiguous.json.errors)).toEqual(['price']);
    // A shilling price has no cents, whichever way it is written.
    const cents = await makeOffer(buyer.auth, {
      order_id: lotId,
      order_type: 'board_list',
      price: '70000.5',
      volume: 10,
    });
    expect(cents.status).toBe(422);
    expect(cents.json.errors.price).toEqual(['UGX prices have no cents: enter a whole amount.']);
  });
});

describe('a price far from the usual one', () => {
  const beans = (overrides: Record<string, string | number | undefined>) =>
    maizeLot({ category_id: 7, crop_name: 'Beans', currency_id: TZS, per_unit_id: 4, ...overrides });

  it('asks the seller to confirm (409 price_unusual with the median), and takes the lot once confirmed', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    const prices = [68_000, 70_000, 72_000, 75_000];
    for (const price of prices) expect((await createIn('en', silver.auth, await beans({ price }))).status).toBe(200);
    // Four lots do not make a usual price yet: anything goes.
    const early = await createIn('en', silver.auth, await beans({ price: 72, title: 'Beans priced early' }));
    expect(early.status).toBe(200);
    await apiRequest('/board-list/delete-quote', {
      method: 'POST',
      body: new URLSearchParams({ id: String(early.json.id) }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...silver.auth },
    });
    expect((await createIn('en', silver.auth, await beans({ price: 80_000 }))).status).toBe(200);

    // "72" for "72,000": a thousand times below the median of five lots (72,000).
    const typo = await createIn('en', silver.auth, await beans({ price: '72', title: 'Beans with a typo' }));
    expect(typo.status).toBe(409);
    expect(typo.json.code).toBe('price_unusual');
    expect(typo.json.reason).toBe('lots.price_unusual');
    expect(typo.json.errors.price[0].replace(/\s/g, ' ')).toContain('TZS 72,000');
    expect(typo.json.errors.price[0]).toContain('5 lots');
    // In French the median is written the French way.
    const french = await createIn('fr', silver.auth, await beans({ price: '72', title: 'Beans with a typo' }));
    expect(french.json.message.replace(/\s/g, ' ')).toContain('72 000 TZS');
    // Far above is as unusual as far below; within twenty times is not.
    expect((await createIn('en', silver.auth, await beans({ price: '7,200,000' }))).status).toBe(409);
    expect((await createIn('en', silver.auth, await beans({ price: '200,000' }))).status).toBe(200);

    const confirmed = await createIn(
      'en',
      silver.auth,
      await beans({ price: '72', title: 'Beans with a typo', price_confirmed: 1 }),
    );
    expect(confirmed.status).toBe(200);
    expect((await view(confirmed.json.id)).price).toBe(72);

    // Editing that lot without changing its price does not ask again; a new unusual price does.
    const update = (fields: Record<string, unknown>) =>
      postIn('en', silver.auth, '/board-list/update-quote', wrapped('BoardList', { ...fields, id: confirmed.json.id }));
    expect((await update(await beans({ price: '72', title: 'Beans, retitled' }))).status).toBe(200);
    expect((await update(await beans({ price: '7,200,000', title: 'Beans, retitled' }))).status).toBe(409);
    expect((await update(await beans({ price: '73,000', title: 'Beans, retitled' }))).status).toBe(200);
  });

  it('compares only the same unit and currency', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    // Five bean lots per 90 kg bag in TZS exist from the test above; a price in KES or per tonne is its own group.
    const kes = await createIn('en', silver.auth, await beans({ price: 72, currency_id: KES }));
    expect(kes.status).toBe(200);
    const perTonne = await createIn('en', silver.auth, await beans({ price: 72, per_unit_id: 2 }));
    expect(perTonne.status).toBe(200);
  });
});
