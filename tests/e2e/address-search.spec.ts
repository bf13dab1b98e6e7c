import { readFileSync } from 'node:fs';
import { expect, type Locator } from '@playwright/test';
import { test } from './test';

const fr: Record<string, string> = JSON.parse(readFileSync('locales/fr.json', 'utf8'));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A message with its {{placeholders}} as "anything". */
const messagePattern = (message: string) =>
  new RegExp(
    escapeRegExp(message)
      .replace(/\\\{\\\{\w+\\\}\\\}/g, '.+')
      .replace(/\s+/g, '\\s+'),
  );

/** The island holding `inside` has hydrated (another island of the page hydrating first proves nothing). */
async function hydrated(inside: Locator) {
  const island = inside.page().locator('astro-island', { has: inside }).last();
  await expect(island).not.toHaveAttribute('ssr', /.*/, { timeout: 30_000 });
}

test.describe('[WAREHOUSES] address search in the address form', () => {
  test('in French, a place typed without accents fills country, region and village; a click on the map proposes the nearest village, taken only on request', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const baseURL = test.info().project.use.baseURL!;
    const login = await page.request.post('/api-v2/user/login', {
      form: { email: 'demo-basic@mavuno.test', password: 'mavuno-demo' },
      headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
    });
    expect(login.status()).toBe(200);
    await page.goto('/fr/user/profile/user');
    const add = page.getByRole('button', { name: fr['profile.address_add'] });
    await add.scrollIntoViewIfNeeded();
    await hydrated(add);
    await add.click();

    const country = page.getByLabel(fr['address.country'], { exact: true });
    const region = page.getByLabel(fr['address.region'], { exact: true });
    const village = page.getByLabel(fr['address.village'], { exact: true });

    // A village, typed without its accent, picked with the keyboard.
    const search = page.getByRole('combobox', { name: fr['address.search_label'] });
    await search.fill('agnibilekrou');
    const option = page.getByRole('option', { name: /Agnibilékrou, Comoé, C.te d.Ivoire/ });
    await expect(option).toBeVisible();
    await search.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await search.press('Enter');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(country.locator('option:checked')).toHaveText(/C.te d.Ivoire/);
    await expect(region.locator('option:checked')).toHaveText('Comoé');
    await expect(village.locator('option:checked')).toHaveText('Agnibilékrou');
    // The village's point was set with it.
    await expect(page.locator('#profile-address-point-value')).toContainText('7,1333');

    // A region, picked with the pointer: the village is cleared, the map will show the region.
    await search.fill('Denguele');
    await page.getByRole('option', { name: /Denguélé, C.te d.Ivoire/ }).click();
    await expect(region.locator('option:checked')).toHaveText('Denguélé');
    await expect(village).toHaveValue('');

    // A click on the map (its tiles may not load offline: the map itself does) proposes the nearest village.
    await page.getByRole('button', { name: fr['address.open_map'] }).click();
    const map = page.getByRole('application', { name: fr['address.map_label'] });
    await expect(map).toBeVisible();
    await expect(page.getByText(fr['address.map_loading'])).toHaveCount(0);
    // Its street tiles come from the configured MAP_TILE_URL (OpenStreetMap's by default), written into the page.
    await expect(page.locator('meta[name="mavuno:map-tile-url"]')).toHaveAttribute(
      'content',
      'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    );
    await expect(map.locator('img.leaflet-tile').first()).toHaveAttribute(
      'src',
      /^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/,
    );
    // Off the controls in the corners, near the centre (the region's centre, where the map went).
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width / 2 + 20, y: box.height / 2 + 20 } });
    await expect(page.locator('#profile-address-point-value')).not.toContainText('7,1333');
    const proposal = page.getByText(messagePattern(fr['address.nearest_place_distance']));
    await expect(proposal).toBeVisible();
    const proposed = /:\s*([^,]+),/.exec((await proposal.textContent()) ?? '')?.[1]?.trim();
    expect(proposed).toBeTruthy();
    // Proposed, not chosen: the village stays empty until the member takes it.
    await expect(village).toHaveValue('');
    await page.getByRole('button', { name: fr['address.nearest_use'] }).click();
    await expect(village.locator('option:checked')).toHaveText(proposed!);
    await expect(proposal).toHaveCount(0);
  });

  test("in a warehouse's plain form, a found village fills the server's drop-downs and the point", async ({ page }) => {
    test.setTimeout(60_000);
    const baseURL = test.info().project.use.baseURL!;
    const login = await page.request.post('/api-v2/user/login', {
      form: { email: 'demo-basic@mavuno.test', password: 'mavuno-demo' },
      headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
    });
    expect(login.status()).toBe(200);
    await page.goto('/fr/user/profile/warehouse/new');
    // The point's island hydrates when it is seen; the search is drawn by it.
    await page.getByLabel(fr['warehouse_page.field_latitude']).scrollIntoViewIfNeeded();
    const search = page.getByRole('combobox', { name: fr['address.search_label'] });
    await expect(search).toBeVisible({ timeout: 30_000 });
    // The region and village lists are empty until a country is chosen (the server fills them on "show").
    const region = page.locator('select[name="region_id"]');
    const village = page.locator('select[name="village_id"]');
    await search.fill('agnibilekrou');
    await page.getByRole('option', { name: /Agnibilékrou, Comoé, C.te d.Ivoire/ }).click();
    await expect(page.locator('select[name="country_id"] option:checked')).toHaveText(/C.te d.Ivoire/);
    await expect(region.locator('option:checked')).toHaveText('Comoé');
    await expect(village.locator('option:checked')).toHaveText('Agnibilékrou');
    await expect(page.getByLabel(fr['warehouse_page.field_latitude'])).toHaveValue(/^7\.13/);

    // Saved as picked: the warehouse's page shows its village.
    await page.getByLabel(fr['warehouse_page.field_description'], { exact: true }).fill('Magasin de test');
    await page.getByRole('button', { name: fr['warehouse_page.create_submit'] }).click();
    await expect(page).toHaveURL(/\/fr\/user\/profile\/warehouse\/\d+/);
    await expect(page.getByText(/Agnibilékrou/).first()).toBeVisible();
  });
});
