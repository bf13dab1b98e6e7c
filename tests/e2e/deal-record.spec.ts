import { readFileSync } from 'node:fs';
import { type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import { test } from './test';

const en: Record<string, string> = JSON.parse(readFileSync('locales/en.json', 'utf8'));
const fr: Record<string, string> = JSON.parse(readFileSync('locales/fr.json', 'utf8'));
const PHONE = { viewport: { width: 360, height: 740 } };

/** A phone-sized browser context signed in through the API (the session cookie), with or without JavaScript. */
async function memberPage(browser: Browser, email: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, ...options });
  const page = await context.newPage();
  const baseURL = test.info().project.use.baseURL!;
  const response = await page.request.post('/api-v2/user/login', {
    form: { email, password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
  });
  expect(response.status()).toBe(200);
  return page;
}

/** The demo buyer's done deal (demo data: cocoa beans, bought and paid, rated both ways). */
async function doneDealOf(page: Page): Promise<number> {
  const { items } = await (await page.request.get('/api-v2/offer?role=buyer')).json();
  return items.find((offer: { status: number }) => offer.status === 9).id;
}

async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

test.describe('[OFFERS] the sealed record of a deal', () => {
  test('the deal page says in plain words that the record is sealed, checks it again without JavaScript, saves it, and fits a 360 px phone', async ({
    browser,
  }) => {
    const page = await memberPage(browser, 'demo-buyer@mavuno.test', { javaScriptEnabled: false });
    const id = await doneDealOf(page);
    const history = await (await page.request.get(`/api-v2/offer/history?id=${id}`)).json();
    await page.goto(`/user/offer/${id}`);
    const record = page.locator('#record');
    await expect(record.getByTestId('deal-verifies')).toContainText(
      en['deal.record_sealed#other'].replace('{{count}}', String(history.events.length)).split(',')[0],
    );
    await expect(record.getByTestId('deal-verifies')).toContainText(en['deal.record_verified']);
    // The technical recipe lives on the API reference, not here.
    await expect(page.locator('body')).not.toContainText('curl');
    await expectNoSidewaysScroll(page);

    await record.getByRole('button', { name: en['deal.record_check'] }).click();
    await expect(page).toHaveURL(new RegExp(`/user/offer/${id}\\?check=1#record$`));
    await expect(page.getByTestId('deal-checked')).toContainText('✓');
    await expectNoSidewaysScroll(page);

    const save = record.getByRole('link', { name: en['deal.record_save'] });
    const saved = await page.request.get((await save.getAttribute('href'))!);
    expect(saved.headers()['content-disposition']).toBe(`attachment; filename="mavuno-deal-${id}-history.json"`);
    expect((await saved.json()).head_hash).toBe(history.head_hash);
    await page.context().close();
  });

  test('a party shares the record: the holder opens it without an account and checks a saved copy; revoked, it is gone', async ({
    browser,
    baseURL,
  }) => {
    const party = await memberPage(browser, 'demo-buyer@mavuno.test');
    const id = await doneDealOf(party);
    const saved = await (await party.request.get(`/api-v2/offer/history?id=${id}`)).json();
    await party.goto(`/fr/user/offer/${id}`);
    // The button appears once the island runs, which it does when its list is scrolled into view.
    await party.getByRole('heading', { name: fr['deal.share_list_title'] }).scrollIntoViewIfNeeded();
    const make = party.getByRole('button', { name: fr['deal.share_create'] });
    await expect(make).toBeEnabled({ timeout: 15_000 });
    await make.click();
    const link = await party.getByLabel(fr['deal.share_created']).inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL}/fr/deal-record/[A-Za-z0-9_-]{43}$`));
    await expectNoSidewaysScroll(party);

    const holder = await (await browser.newContext(PHONE)).newPage();
    const opened = await holder.goto(link);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['cache-control']).toBe('private, no-store');
    await expect(holder.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(holder.getByTestId('record-verifies')).toHaveAttribute('data-valid', 'true');
    await expect(holder.getByTestId('record-steps').locator('li')).toHaveCount(saved.events.length);
    await expect(holder.getByTestId('record-head-hash')).toHaveText(saved.head_hash);
    await expect(holder.locator('body')).not.toContainText('@mavuno.test');
    await expectNoSidewaysScroll(holder);

    // With the link's token the holder learns that a saved copy is the stored record; without it, nothing stored.
    const token = link.split('/').pop()!;
    const withToken = await holder.request.post(`/api-v2/offer/verify-history?token=${token}`, { data: saved });
    expect(await withToken.json()).toMatchObject({ valid: true, matches_stored: true });
    const without = await (await holder.request.post('/api-v2/offer/verify-history', { data: saved })).json();
    expect(without).toEqual({ valid: true, broken_at: null, head_hash: saved.head_hash });

    await party
      .getByRole('button', { name: /^Révoquer le lien/ })
      .first()
      .click();
    await expect(party.getByText(fr['deal.share_revoked'])).toBeVisible();
    expect((await holder.goto(link))?.status()).toBe(404);
    await holder.context().close();
    await party.context().close();
  });

  test('the API reference explains how to check a saved record with this site’s public address', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(PHONE.viewport);
    await page.goto('/api-reference#verify-deal-record');
    const recipe = page.locator('#verify-deal-record');
    await expect(recipe.getByRole('heading', { name: en['api.verify_title'] })).toBeVisible();
    await expect(recipe).toContainText(`${baseURL}/api-v2/offer/verify-history`);
    await expect(recipe).toContainText('verify-history?token=');
    await expectNoSidewaysScroll(page);
  });
});
