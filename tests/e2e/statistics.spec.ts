import { expect } from '@playwright/test';
import { test } from './test';

/**
 * The price statistics screens: /prices compared over a period in a chosen currency, with and without JavaScript,
 * /statistic's cards, the home page's headline indices, and addresses no one should type.
 */
test.describe('[STATISTICS] price screens', () => {
  test('without JavaScript a visitor compares maize and beans over 3 months in shillings, in Swahili', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/sw/prices');
    // The page's own form (the footer holds the display-currency chooser, with its own "Onyesha").
    const form = page.getByTestId('prices-form');
    await form.getByLabel('Zao', { exact: true }).selectOption('3');
    await form.getByLabel('Linganisha na').selectOption('7');
    await form.getByLabel('Miezi 3').check();
    await form.getByLabel('Sarafu').selectOption('1');
    await form.getByRole('button', { name: 'Onyesha' }).click();
    // The selection is in the address: a link to share.
    await expect(page).toHaveURL(/\/sw\/prices\?.*category=3.*compare=7.*zoom=3months.*currency_id=1/);
    await expect(
      page.getByRole('heading', { level: 2, name: /Mahindi \/ Maharagwe: bei kwa KES kwa kg/ }),
    ).toBeVisible();
    const svg = page.getByTestId('price-chart-svg');
    await expect(svg).toBeVisible();
    // Maize in red, beans in yellow.
    await expect(svg.locator('path[stroke="#c62828"]').first()).toBeAttached();
    await expect(svg.locator('path[stroke="#f2b600"]').first()).toBeAttached();
    const tables = page.getByTestId('price-table');
    await expect(tables).toHaveCount(2);
    await expect(tables.first().locator('caption')).toHaveText('Bei za Mahindi kwa KES kwa kg');
    await expect(tables.first().locator('th[scope="col"]').first()).toHaveText('Tarehe');
    await expect(tables.first().locator('tbody tr').first()).toContainText('Ksh');
    // The market summary names the reference source and marks demo data; the rate date is given.
    const summary = page.getByTestId('price-summary').first();
    await expect(summary).toContainText('Bei za marejeo');
    await expect(summary).toContainText('Chanzo: demo');
    await expect(summary).toContainText('data ya majaribio');
    await expect(page.getByText(/kiwango cha ubadilishaji cha/).first()).toBeVisible();
    // Beans are sold by the 90 kg bag: the price per kg has the bag's price beside it.
    await expect(page.getByTestId('price-basis').nth(1)).toContainText(/≈ Ksh\s.+ kwa gunia/);
    await expect(page.getByTestId('price-csv').first()).toHaveAttribute(
      'href',
      '/api-v2/statistic/get-chart-category-data?categoryId=3&zoom=3months&currency_id=1&format=csv',
    );
    // No canvas without JavaScript.
    await expect(page.getByTestId('price-chart-canvas')).toHaveCount(0);
    await context.close();
  });

  test('with JavaScript the chart becomes a Chart.js canvas from the embedded data', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/sw/prices?category=3&compare=7&zoom=3months&currency_id=1');
    const canvas = page.getByTestId('price-chart-canvas');
    await expect(canvas).toBeVisible();
    await expect(canvas).toHaveAttribute('aria-label', /kg/);
    await expect(page.getByTestId('price-chart-svg')).toBeHidden();
    // The island reads what the page embedded: no second fetch of the chart data.
    expect(requests.filter((url) => url.includes('/api-v2/statistic'))).toEqual([]);
    // The table stays for every reader.
    await expect(page.getByTestId('price-table').first()).toBeAttached();
  });

  test('/statistic without JavaScript shows cards with sparklines and ships only the service worker script', async ({
    browser,
    request,
  }) => {
    const html = await (await request.get('/statistic')).text();
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/BaseLayout/);
    expect(html).not.toContain('astro-island');
    expect(html).not.toContain('PriceChartIsland');

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/fr/statistic');
    await expect(page.getByRole('heading', { level: 1, name: 'Indices agricoles' })).toBeVisible();
    const cards = page.getByTestId('index-card');
    expect(await cards.count()).toBeGreaterThan(3);
    await expect(page.getByTestId('sparkline').first()).toBeVisible();
    const beans = cards.filter({ hasText: 'Haricots' }).first();
    await expect(beans).toHaveAttribute('href', /^\/fr\/prices\?category=7&/);
    await expect(beans).toContainText('Prix de référence');
    await expect(beans).toContainText('données de démonstration');
    // The currency is a plain GET form.
    const form = page.getByTestId('indices-form');
    await form.getByLabel('Devise').selectOption('1');
    await form.getByRole('button', { name: 'Afficher' }).click();
    await expect(page).toHaveURL(/\/fr\/statistic\?currency_id=1/);
    await expect(cards.filter({ hasText: 'Haricots' }).first()).toContainText('KES');
    await context.close();
  });

  test('the home page shows headline indices linking to the charts', async ({ page }) => {
    await page.goto('/');
    const indices = page.getByTestId('home-indices').getByTestId('index-card');
    await expect(indices).toHaveCount(3);
    await expect(indices.first()).toHaveAttribute('href', /^\/prices\?category=3&/);
  });

  test('an unknown crop is said to be unknown; hostile values are never a server error', async ({ request }) => {
    const unknown = await request.get('/prices?category=99999');
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain('No crop has this id');
    for (const search of [
      '?category=%00&compare=%00&zoom=%00&currency_id=%00&region_id=%00',
      '?category=99999999999999999999999&currency_id=1e400&country_id=-1&series=%00',
      '?compare=424242&series=nonsense',
    ]) {
      const answer = await request.get(`/prices${search}`);
      expect(answer.status(), search).toBeLessThan(500);
    }
    expect((await request.get('/statistic?currency_id=%00')).status()).toBe(200);
    expect((await request.get('/prices?compare=424242')).ok()).toBe(true);
  });
});
