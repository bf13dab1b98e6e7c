import { readFileSync } from 'node:fs';
import { type Browser, type Page, expect } from '@playwright/test';
import { publishMaizeLot } from './lots';
import { test } from './test';

const en: Record<string, string> = JSON.parse(readFileSync('locales/en.json', 'utf8'));
const sw: Record<string, string> = JSON.parse(readFileSync('locales/sw.json', 'utf8'));
const PHONE = { width: 360, height: 740 };

/** A browser context signed in through the API (as the islands do), holding the session cookie. */
async function memberPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const response = await page.request.post('/api-v2/user/login', {
    form: { email, password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
  });
  expect(response.status()).toBe(200);
  return page;
}

const post = (page: Page, path: string, form: Record<string, string | number>) =>
  page.request.post(`/api-v2${path}`, {
    form,
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
  });

/** A box lies inside the viewport's width and was laid out (not hidden, not scrolled away sideways). */
async function expectOnScreen(page: Page, locator: ReturnType<Page['locator']>, what: string) {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.width, what).toBeGreaterThan(0);
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test.describe('[LOTS] the catalogue on a phone', () => {
  test('at 360 px the table view shows the first row’s price, volume and place on screen, each with its label, and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/sw/board?view=table');
    const row = page.getByRole('table').getByRole('row').nth(1);
    for (const cell of ['price', 'volume', 'place']) {
      const td = row.locator(`[data-cell="${cell}"]`);
      await expect(td).toBeVisible();
      await expect(td).not.toHaveText('');
      await expectOnScreen(page, td, cell);
    }
    // The title is the row's header, above its cells; each cell is named by the label a phone shows.
    await expectOnScreen(page, row.getByRole('rowheader'), 'title');
    await expect(row.locator('[data-cell="price"]')).toContainText(sw['catalogue.price_legend']);
    await expect(row.locator('[data-cell="place"]')).toContainText(sw['catalogue.place']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Still a table with its column headers for a screen reader.
    await expect(page.getByRole('columnheader', { name: sw['catalogue.price_legend'] })).toHaveCount(1);

    // On a wide screen the same table keeps its columns, the trader's first.
    await page.setViewportSize({ width: 1280, height: 800 });
    const headers = await page.getByRole('columnheader').allInnerTexts();
    expect(headers.slice(0, 4).map((text) => text.trim())).toEqual([
      sw['catalogue.col_lot'],
      sw['catalogue.price_legend'],
      sw['catalogue.volume'],
      sw['catalogue.place'],
    ]);
  });

  test('after 50 of its 200 bags are sold, the lot’s card, its table row and its page say what remains', async ({
    browser,
  }) => {
    const seller = await memberPage(browser, 'demo-gold@mavuno.test');
    const buyer = await memberPage(browser, 'demo-buyer@mavuno.test');
    const word = `mabaki${Date.now().toString(36)}`;
    const lotId = await publishMaizeLot(seller.request, {
      title: `Mahindi ${word}`,
      volume: 200,
      min_volume: 10,
      max_volume: 100,
    });
    const offer = await post(buyer, '/offer/create-offer', {
      'Offer[order_id]': lotId,
      'Offer[order_type]': 'board_list',
      'Offer[price]': 3500,
      'Offer[volume]': 50,
    });
    expect(offer.status(), await offer.text()).toBe(200);
    const approved = await post(seller, '/offer/approve-offer', { id: (await offer.json()).id });
    expect(approved.status(), await approved.text()).toBe(200);

    // "150 of 200 bags left", whatever the unit's name.
    const left = new RegExp(
      en['catalogue.volume_left'].replace('{{left}}', '150').replace('{{total}}', '(200 [^0-9]+|200 × .+)'),
    );

    await buyer.goto(`/board?q=${word}`);
    const card = buyer.getByRole('article').filter({ has: buyer.getByRole('link', { name: `Mahindi ${word}` }) });
    await expect(card).toContainText(left);

    await buyer.setViewportSize(PHONE);
    await buyer.goto(`/board?q=${word}&view=table`);
    const row = buyer.getByRole('row').filter({ has: buyer.getByRole('link', { name: `Mahindi ${word}` }) });
    await expect(row.locator('[data-cell="volume"]')).toContainText(left);
    await expectOnScreen(buyer, row.locator('[data-cell="volume"]'), 'volume');

    await buyer.goto(`/board/${lotId}`);
    await expect(buyer.getByText(en['lot_page.available_volume'])).toBeVisible();
    await buyer.context().close();
    await seller.context().close();
  });
});
