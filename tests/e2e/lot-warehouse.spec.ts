import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './test';

const en: Record<string, string> = JSON.parse(readFileSync('locales/en.json', 'utf8'));
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

test.describe('[WAREHOUSES] a lot stored at a member’s warehouse', () => {
  test('the lot page says where it is stored, with a link to the public warehouse, without JavaScript', async ({
    browser,
  }) => {
    const origin = { Origin: test.info().project.use.baseURL! };
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = `warehouse-${unique()}@mavuno.test`;
    const signup = await page.request.post('/api-v2/user/signup/', {
      form: {
        'SignupForm[first_name]': 'Wanjiru',
        'SignupForm[email]': email,
        'SignupForm[password]': 'mavuno-2026',
        'SignupForm[password_repeat]': 'mavuno-2026',
        'SignupForm[trader_status]': 'farmer',
        'SignupForm[locale]': 'en',
      },
    });
    expect(signup.status()).toBe(200);
    const login = await page.request.post('/api-v2/user/login', {
      form: { email, password: 'mavuno-2026' },
      headers: { 'X-Session-Mode': 'cookie', ...origin },
    });
    expect(login.status()).toBe(200);
    const headers = { 'X-Session-Mode': 'cookie', ...origin };

    const depots = await (await page.request.get('/api-v2/warehouse?q=NCPB')).json();
    const depot = depots.items[0];
    const made = await page.request.post('/api-v2/user-warehouse/create-from-system', {
      headers,
      form: { system_warehouse_id: depot.id, address: 'Bay 4, by the weighbridge' },
    });
    expect(made.status(), await made.text()).toBe(200);
    const warehouseId = (await made.json()).id;

    const title = `Maize sheller ${unique()}`;
    const created = await page.request.post('/api-v2/technic-list/create-quote', {
      headers,
      form: {
        'TechnicList[type]': 'sell',
        'TechnicList[category_id]': 2,
        'TechnicList[title]': title,
        'TechnicList[volume]': 1,
        'TechnicList[per_unit_id]': 13,
        'TechnicList[price]': 4500,
        'TechnicList[price_type]': 'fixed',
        'TechnicList[currency_id]': 1,
        'TechnicList[country_id]': depot.country_id,
        'TechnicList[warehouse_id]': warehouseId,
      },
    });
    expect(created.status(), await created.text()).toBe(200);

    await page.goto(`/agrotechnic/${(await created.json()).id}`);
    const stored = page.getByTestId('lot-warehouse');
    await expect(stored).toContainText(en['warehouses.stored_at'].replace('{{warehouse}}', depot.title));
    await expect(stored).toContainText('Bay 4, by the weighbridge');
    await expect(stored.getByRole('link')).toHaveAttribute('href', `/world-warehouse/${depot.id}`);
    // The lot stands where the depot does.
    await expect(page.getByTestId('lot-map-link')).toHaveAttribute(
      'href',
      new RegExp(`mlat=${depot.latitude.toFixed(5)}`),
    );
  });
});
