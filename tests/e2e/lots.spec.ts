import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';

const fr: Record<string, string> = JSON.parse(readFileSync('locales/fr.json', 'utf8'));

/** Signs in through the API (as the web site's islands do), so the browser context holds the session cookie. */
async function signIn(page: Page, email: string) {
  const baseURL = test.info().project.use.baseURL!;
  const response = await page.request.post('/api-v2/user/login', {
    form: { email, password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
  });
  expect(response.status()).toBe(200);
}

test.describe('[LOTS] publish, find, open', () => {
  test('a silver user publishes a sell lot with a photo in French; it is found by filter and on the map; an anonymous visitor is asked to sign in; the sitemap lists it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const title = `Maïs blanc séché ${Date.now().toString(36)}`;
    await signIn(page, 'demo-silver@mavuno.test');

    await page.goto('/fr/board/addLot');
    await page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });
    const field = (key: string) => page.getByRole('textbox', { name: fr[key], exact: true });
    const choice = (key: string) => page.getByRole('combobox', { name: fr[key], exact: true });
    await field('lot_form.title').fill(title);
    await choice('lot_form.category').selectOption({ label: 'Céréales' });
    await choice('lot_form.subcategory').selectOption({ label: 'Maïs' });
    await field('lot_form.volume').fill('50');
    await choice('lot_form.unit').selectOption({ index: 1 });
    await field('lot_form.price').fill('3500');
    const currency = choice('lot_form.currency');
    await currency.selectOption((await currency.locator('option', { hasText: 'KES' }).first().getAttribute('value'))!);
    await choice('address.country').selectOption({ label: 'Kenya' });
    await choice('address.region').selectOption({ label: 'Nakuru' });
    await choice('address.village').selectOption({ index: 1 });
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#e8c94a' } })
      .jpeg()
      .toBuffer();
    await page.locator('#lot-photos').setInputFiles({ name: 'mais.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect(page.getByRole('img', { name: /1/ }).first()).toBeVisible({ timeout: 20_000 });
    // Uploaded (no progress bar left) before publishing.
    await expect(page.locator('form progress')).toHaveCount(0, { timeout: 20_000 });
    await page.getByRole('button', { name: fr['lot_form.submit_create'] }).click();
    await expect(page).toHaveURL(/\/fr\/board\/\d+$/, { timeout: 20_000 });
    const lotPath = new URL(page.url()).pathname;
    const lotId = lotPath.split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('main img').first()).toBeVisible();

    // In the catalogue, by category and text filter (the server-rendered GET form).
    await page.goto(`/fr/board?BoardQuoteSearch%5Bboards_category_id%5D=3&q=${encodeURIComponent(title)}`);
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
    await page.goto('/fr/board?BoardQuoteSearch%5Bboards_category_id%5D=5');
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);

    // On the map: the lot placed by its village has a pin there.
    await page.goto(`/fr/board?view=map&q=${encodeURIComponent(title)}`);
    await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible({ timeout: 20_000 });

    // An anonymous visitor opens it and is asked to sign in to act.
    const anonymous = await browser.newContext();
    const visitor = await anonymous.newPage();
    const response = await visitor.goto(lotPath);
    expect(response?.status()).toBe(200);
    expect(await visitor.locator('astro-island').count()).toBe(0);
    await visitor.getByRole('link', { name: fr['lot_page.make_offer'] }).first().click();
    await expect(visitor).toHaveURL(
      new RegExp(`/fr/signin/login\\?redirect=${encodeURIComponent(lotPath).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    await anonymous.close();

    // The sitemap lists it in the three languages.
    const index = await (await page.request.get('/sitemap.xml')).text();
    expect(index).toContain('/sitemap-lots-1.xml');
    const lots = await (await page.request.get('/sitemap-lots-1.xml')).text();
    for (const prefix of ['', '/sw', '/fr']) expect(lots).toContain(`${prefix}/board/${lotId}</loc>`);
  });

  test('a basic user is told to upgrade before adding an agro lot', async ({ page }) => {
    await signIn(page, 'demo-basic@mavuno.test');
    await page.goto('/board/addLot');
    await expect(page.getByRole('link', { name: /tier|silver|\/user\/pro/i }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publish the lot' })).toHaveCount(0);
  });
});
