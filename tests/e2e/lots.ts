import { type APIRequestContext, expect } from '@playwright/test';
import { test } from './test';

/**
 * Publishes a fresh lot as the member `request` is signed in as (the API's own lot form), answering its id: maize
 * for sale in Kenya, 90 kg bags at KES 3,600 near Nakuru, unless `fields` (the form's names without `BoardList[…]`)
 * say otherwise. The specs that need a lot of their own, whatever others left on the board, start from it.
 */
export async function publishMaizeLot(
  request: APIRequestContext,
  fields: Record<string, string | number> = {},
): Promise<number> {
  const countries = await (await request.get('/api-v2/country-dropdown')).json();
  const kenya = countries.items.find((c: { code: string }) => c.code === 'KE').id;
  const values: Record<string, string | number> = {
    type: 'sell',
    category_id: 3,
    title: `Maize ${Date.now().toString(36)}`,
    volume: 100,
    per_unit_id: 4,
    price: 3600,
    currency_id: 1,
    country_id: kenya,
    latitude: -0.3,
    longitude: 36.07,
    ...fields,
  };
  const created = await request.post('/api-v2/board-list/create-quote', {
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
    form: Object.fromEntries(Object.entries(values).map(([name, value]) => [`BoardList[${name}]`, value])),
  });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()).id;
}
