import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { test } from './test';

/**
 * The render cache (docs/architecture.md "How the render cache stays correct") never shows an anonymous visitor a
 * page older than the last write: a lot published or edited is on the board and on its page at once.
 */
let anonymous: APIRequestContext;
let member: APIRequestContext;

test.beforeAll(async () => {
  const baseURL = test.info().project.use.baseURL!;
  anonymous = await playwrightRequest.newContext({ baseURL });
  member = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
});
test.afterAll(async () => {
  await anonymous.dispose();
  await member.dispose();
});

async function html(path: string) {
  const response = await anonymous.get(path, { headers: { 'Accept-Language': 'en' } });
  expect(response.status()).toBe(200);
  return { text: await response.text(), etag: response.headers().etag };
}

function lotForm(fields: Record<string, string | number | null>) {
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (value !== null) form[`BoardList[${name}]`] = String(value);
  return form;
}

test('a lot published or edited shows on the anonymous board and lot page at once', async () => {
  const login = await member.post('/api-v2/user/login', {
    form: { email: 'demo-silver@mavuno.test', password: 'mavuno-demo' },
  });
  expect(login.status()).toBe(200);
  const auth = { Authorization: `Bearer ${(await login.json()).access_token}` };
  // A place, unit, currency and usual price that exist: those of the newest lot (a price far from the usual one
  // would ask for confirmation first).
  // Other specs add lots without a place or of another type to the same database: the newest sell lot with a place.
  const { items } = await (await anonymous.get('/api-v2/board-list/index?per-page=50')).json();
  const sample = items.find(
    (lot: { type: string; region_id: number | null; village_id: number | null }) =>
      lot.type === 'sell' && lot.region_id && lot.village_id,
  );
  expect(sample, 'a sell lot with a place').toBeDefined();
  const title = `Cached maize ${Date.now().toString(36)}`;
  const fields = {
    type: 'sell',
    category_id: sample.category_id,
    title,
    volume: 200,
    min_volume: 10,
    max_volume: 100,
    per_unit_id: sample.per_unit_id,
    price: sample.price,
    currency_id: sample.currency_id,
    country_id: sample.country_id,
    region_id: sample.region_id,
    village_id: sample.village_id,
    description: 'Shelled and dried to 13% moisture, stored in hermetic bags.',
    crop_name: 'Maize',
    // Other specs publish unusual prices on purpose; this one is about the cache, not the price check.
    price_confirmed: 1,
  };

  // The board as anonymous visitors see it, stored by the cache (served twice, the same ETag).
  const before = await html('/board');
  expect(before.text).not.toContain(title);
  expect((await html('/board')).etag).toBe(before.etag);
  const notModified = await anonymous.get('/board', { headers: { 'If-None-Match': before.etag } });
  expect(notModified.status()).toBe(304);
  // The catalogue API as anonymous clients read it: kept too (per language), never older than the last write.
  const apiList = async () => {
    const response = await anonymous.get('/api-v2/board-list/index', { headers: { 'Accept-Language': 'fr' } });
    expect(response.status()).toBe(200);
    return {
      titles: (await response.json()).items.map((lot: { title: string }) => lot.title),
      etag: response.headers().etag,
    };
  };
  const listed = await apiList();
  expect(listed.titles).not.toContain(title);
  expect((await apiList()).etag).toBe(listed.etag);

  const created = await member.post('/api-v2/board-list/create-quote', { form: lotForm(fields), headers: auth });
  expect(created.status()).toBe(200);
  const id = (await created.json()).id;
  expect((await html('/board')).text).toContain(title);
  expect((await apiList()).titles).toContain(title);
  const page = await html(`/board/${id}`);
  expect(page.text).toContain(title);
  expect((await html(`/board/${id}`)).etag).toBe(page.etag);

  const renamed = `${title} (edited)`;
  const updated = await member.post('/api-v2/board-list/update-quote', {
    form: lotForm({ ...fields, id, title: renamed }),
    headers: auth,
  });
  expect(updated.status()).toBe(200);
  const after = await html(`/board/${id}`);
  expect(after.text).toContain(renamed);
  expect(after.etag).not.toBe(page.etag);
  // The visitor's stored copy is no longer current: a full answer, not a 304.
  expect((await anonymous.get(`/board/${id}`, { headers: { 'If-None-Match': page.etag } })).status()).toBe(200);
});

test('a signed-in visitor never gets the anonymous copy of a page', async () => {
  const baseURL = test.info().project.use.baseURL!;
  const browserLike = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const login = await browserLike.post('/api-v2/user/login', {
    form: { email: 'demo-silver@mavuno.test', password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie' },
  });
  expect(login.status()).toBe(200);
  await html('/faq');
  const signedIn = await browserLike.get('/faq');
  expect(signedIn.headers()['cache-control']).toBe('private, no-store');
  expect(signedIn.headers().etag).toBeUndefined();
  await browserLike.dispose();
});
