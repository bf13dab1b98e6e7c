import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './test';

const dictionary = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8'));
const en = dictionary('en');
const fr = dictionary('fr');

/** The public warehouse pages (docs/warehouses.md "Pages") on the reference data set's demo warehouses. */

test.describe('[WAREHOUSES] the list without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('filters by kind and service, searches a name and opens a warehouse', async ({ page }) => {
    await page.goto('/world-warehouse');
    await expect(page.getByRole('heading', { level: 1, name: en['warehouses.directory_title'] })).toBeVisible();
    await expect(page.getByTestId('warehouses-demo-note')).toBeVisible();
    // The list view loads no island (the service-worker registration is the layout's only script).
    await expect(page.locator('astro-island')).toHaveCount(0);

    await page
      .getByRole('combobox', { name: en['warehouses.kind_label'] })
      .selectOption({ label: en['warehouses.kind_cold_store'] });
    await page
      .getByRole('combobox', { name: en['warehouses.service_label'] })
      .selectOption({ label: en['warehouses.service_weighbridge'] });
    await page.getByRole('button', { name: en['warehouses.apply'] }).click();
    await expect(page).toHaveURL(
      /kind=cold_store&service=weighbridge|service=weighbridge.*kind=cold_store|kind=cold_store.*service=weighbridge/,
    );
    const cards = page.getByTestId('warehouse-card');
    await expect(cards).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Kongowea Cold Store' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Musanze Potato Cold Store' })).toHaveCount(0);

    // A name: any part, any case, without accents; the other filters cleared.
    await page.goto('/world-warehouse');
    await page.getByRole('searchbox', { name: en['warehouses.search_label'] }).fill('ferkessedou');
    await page.getByRole('button', { name: en['warehouses.apply'] }).click();
    await expect(cards).toHaveCount(1);
    await page.getByRole('link', { name: 'Magasin villageois de Ferkessédougou' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Magasin villageois de Ferkessédougou' })).toBeVisible();
    await expect(page.getByText(en['warehouses.kind_village_store']).first()).toBeVisible();
    await expect(page.getByTestId('warehouse-demo-note')).toBeVisible();
    await expect(page.getByText(en['warehouses.lots_none'])).toBeVisible();
    await expect(page.getByTestId('warehouse-osm-link')).toHaveAttribute('href', /openstreetmap\.org\/\?mlat=/);
    // Without JavaScript: the route planner ending at the warehouse.
    await expect(page.getByRole('link', { name: en['warehouses.directions_osm'] })).toHaveAttribute(
      'href',
      /\/directions\?route=%3B-?\d/,
    );
    await expect(page.getByRole('button', { name: en['warehouses.directions_from_here'] })).toBeHidden();
  });

  test('answers 404 for an unknown warehouse and shows the map view as a link to OpenStreetMap', async ({ page }) => {
    expect((await page.goto('/world-warehouse/999999'))?.status()).toBe(404);
    expect((await page.goto('/world-warehouse/not-a-number'))?.status()).toBe(404);
    await page.goto('/warehouse/map');
    await expect(page.getByTestId('map-fallback')).toContainText(en['warehouses.map_needs_script']);
    await expect(page.getByTestId('warehouse-card').first()).toBeVisible();
  });
});

test.describe('[WAREHOUSES] with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    // Tiles are not what is tested, and may be out of reach: refuse them at once.
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  });

  test('the map view draws the warehouses as pins and clusters with popups to their pages', async ({ page }) => {
    await page.goto('/world-warehouse?view=map');
    const map = page.getByRole('region', { name: en['warehouses.map_label'] });
    // The map island renders in the browser only (client:only), once its Leaflet chunk has loaded: on two busy cores
    // that can take longer than the default 5 s.
    await expect(map).toBeVisible({ timeout: 15_000 });
    const markers = map.locator('.leaflet-marker-icon');
    await expect(markers.first()).toBeVisible();
    expect(await markers.count()).toBeGreaterThan(1);
    // Zoomed on one country, single pins appear; a pin's popup links to the warehouse page.
    await page.goto(`/warehouse/map?kind=cold_store&country_id=${await kenyaId(page)}`);
    const pin = page.locator('.mavuno-map-pin').first();
    await expect(pin).toBeVisible();
    await pin.click();
    await expect(page.locator('.leaflet-popup a').first()).toHaveAttribute('href', /\/world-warehouse\/\d+$/);
  });

  test('directions: the message without geolocation, the route and distance with it', async ({ browser }) => {
    const blind = await browser.newPage();
    await blind.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'geolocation', { configurable: true, get: () => undefined }),
    );
    await blind.goto(await warehouseHref(blind, 'Kitale', 'fr'));
    await expect(blind.getByRole('status').filter({ hasText: fr['warehouses.geolocation_unsupported'] })).toBeVisible();
    await blind.close();

    const context = await browser.newContext({
      geolocation: { latitude: -1.2921, longitude: 36.8219 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto(await warehouseHref(page, 'Kitale', 'en'));
    await page.getByRole('button', { name: en['warehouses.directions_from_here'] }).click();
    await expect(page.getByRole('link', { name: en['warehouses.directions_osm'] })).toHaveAttribute(
      'href',
      /\/directions\?route=-1\.2921%2C36\.8219%3B/,
    );
    await expect(page.getByText(/About [\d.,]+ km from you/)).toBeVisible();
    await context.close();
  });
});

/** Kenya's id, from the public warehouse API. */
async function kenyaId(page: import('@playwright/test').Page): Promise<string> {
  const answer = await page.request.get('/api-v2/warehouse?q=Kitale');
  return String((await answer.json()).items[0].country_id);
}

/** The localized page of the first warehouse whose name has `q`. */
async function warehouseHref(page: import('@playwright/test').Page, q: string, locale: 'en' | 'fr'): Promise<string> {
  const answer = await page.request.get(`/api-v2/warehouse?q=${encodeURIComponent(q)}`);
  const id = (await answer.json()).items[0].id;
  return `${locale === 'en' ? '' : `/${locale}`}/world-warehouse/${id}`;
}
