import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './test';
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

test.describe('[LOTS] money typed as people type it', () => {
  const en: Record<string, string> = JSON.parse(readFileSync('locales/en.json', 'utf8'));
  /** Text as a person reads it: every kind of space (Intl writes no-break ones) as one plain space. */
  const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

  test('a Tanzanian silver member lists maize at "72,000" shillings, sees "= TZS 72,000" before publishing, and 72,000 (no ".00") on the lot page', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const title = `White maize ${Date.now().toString(36)}`;
    await signIn(page, 'demo-silver@mavuno.test');
    await page.goto('/board/addLot');
    // Every island of the page hydrated (the form's own included), so no choice is made before React owns it.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
    const field = (key: string) => page.getByRole('textbox', { name: en[key], exact: true });
    const choice = (key: string) => page.getByRole('combobox', { name: en[key], exact: true });
    await field('lot_form.title').fill(title);
    await choice('lot_form.category').selectOption({ label: 'Cereals' });
    await choice('lot_form.subcategory').selectOption({ label: 'Maize' });
    await field('lot_form.volume').fill('300');
    await choice('lot_form.unit').selectOption({ index: 1 });
    const currency = choice('lot_form.currency');
    await currency.selectOption((await currency.locator('option', { hasText: 'TZS' }).first().getAttribute('value'))!);
    await field('lot_form.price').fill('72,000');

    // Before anything is sent, the form says what it understood, beside the price, to screen readers too.
    const reading = page.getByTestId('lot-price-reading');
    await expect(reading).toHaveAttribute('aria-live', 'polite');
    await expect
      .poll(async () => plain(await reading.textContent()))
      .toBe(`${en['validation.number_read_as']} = TZS 72,000`);
    await expect(field('lot_form.price')).toHaveAttribute('aria-describedby', /lot-price-reading/);
    await expect.poll(async () => plain(await page.getByTestId('lot-total').textContent())).toBe('TZS 21,600,000');

    // Cents are refused in shillings, before sending.
    await field('lot_form.price').fill('72,000.50');
    await expect
      .poll(async () => plain(await reading.textContent()))
      .toBe('TZS prices have no cents: enter a whole amount.');
    await field('lot_form.price').fill('72,000');

    await choice('address.country').selectOption({ label: 'Tanzania' });
    await choice('address.region').selectOption({ index: 1 });
    await choice('address.village').selectOption({ index: 1 });
    await page.getByRole('button', { name: en['lot_form.submit_create'] }).click();
    await expect(page).toHaveURL(/\/board\/\d+$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const price = page.getByTestId('lot-price');
    await expect.poll(async () => plain(await price.textContent())).toContain('TZS 72,000');
    // The price card (price, total cost, volumes) shows shillings without cents.
    const card = plain(await page.locator('section[aria-labelledby="lot-price-title"]').textContent());
    expect(card).toContain('TZS 21,600,000');
    expect(card).not.toContain('.00');
  });

  test('a price far from the usual one asks "Is this price right?" with the median, and goes once confirmed', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const baseURL = test.info().project.use.baseURL!;
    await signIn(page, 'demo-silver@mavuno.test');
    const countries = await (await page.request.get('/api-v2/country-dropdown')).json();
    const tanzania = countries.items.find((c: { code: string }) => c.code === 'TZ').id;
    // Five bean lots at about TZS 2,000,000 a tonne make the usual price of beans per tonne in shillings.
    const stamp = Date.now().toString(36);
    for (const price of [1_900_000, 1_950_000, 2_000_000, 2_050_000, 2_100_000]) {
      const created = await page.request.post('/api-v2/board-list/create-quote', {
        headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
        form: {
          'BoardList[type]': 'sell',
          'BoardList[category_id]': 7,
          'BoardList[title]': `Beans ${stamp} ${price}`,
          'BoardList[volume]': 10,
          'BoardList[per_unit_id]': 2,
          'BoardList[price]': price,
          'BoardList[currency_id]': 4,
          'BoardList[country_id]': tanzania,
          'BoardList[latitude]': -8.9,
          'BoardList[longitude]': 33.4,
        },
      });
      expect(created.status()).toBe(200);
    }

    await page.goto('/board/addLot');
    // Every island of the page hydrated (the form's own included), so no choice is made before React owns it.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
    const field = (key: string) => page.getByRole('textbox', { name: en[key], exact: true });
    const choice = (key: string) => page.getByRole('combobox', { name: en[key], exact: true });
    const title = `Beans with a typo ${stamp}`;
    await field('lot_form.title').fill(title);
    await choice('lot_form.category').selectOption({ label: 'Pulses' });
    await choice('lot_form.subcategory').selectOption({ label: 'Beans' });
    await field('lot_form.volume').fill('5');
    await choice('lot_form.unit').selectOption('2');
    const currency = choice('lot_form.currency');
    await currency.selectOption((await currency.locator('option', { hasText: 'TZS' }).first().getAttribute('value'))!);
    // Three zeros forgotten: 2,000 for 2,000,000.
    await field('lot_form.price').fill('2,000');
    await choice('address.country').selectOption({ label: 'Tanzania' });
    await choice('address.region').selectOption({ index: 1 });
    await choice('address.village').selectOption({ index: 1 });
    await page.getByRole('button', { name: en['lot_form.submit_create'] }).click();

    const question = page.getByTestId('lot-price-unusual');
    await expect(question).toBeVisible({ timeout: 15_000 });
    await expect(question).toBeFocused();
    expect(plain(await question.textContent())).toContain('TZS 2,000,000');
    await expect(page).toHaveURL(/\/board\/addLot$/);
    await question.getByRole('button', { name: en['lot_form.price_confirm'] }).click();
    await expect(page).toHaveURL(/\/board\/\d+$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect.poll(async () => plain(await page.getByTestId('lot-price').textContent())).toContain('TZS 2,000');
  });

  test('the offer dialog takes "1,100,000" in English, and in French "70 000" keeps the totals', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const baseURL = test.info().project.use.baseURL!;
    await signIn(page, 'demo-silver@mavuno.test');
    const countries = await (await page.request.get('/api-v2/country-dropdown')).json();
    const tanzania = countries.items.find((c: { code: string }) => c.code === 'TZ').id;
    const title = `Paddy rice ${Date.now().toString(36)}`;
    const created = await page.request.post('/api-v2/board-list/create-quote', {
      headers: { 'X-Session-Mode': 'cookie', Origin: baseURL, 'Accept-Language': 'en' },
      form: {
        'BoardList[type]': 'sell',
        'BoardList[category_id]': 4,
        'BoardList[title]': title,
        'BoardList[volume]': 40,
        'BoardList[per_unit_id]': 2,
        'BoardList[price]': '1,150,000',
        'BoardList[currency_id]': 4,
        'BoardList[country_id]': tanzania,
        'BoardList[latitude]': -7.9,
        'BoardList[longitude]': 36.9,
      },
    });
    expect(created.status()).toBe(200);
    const lotId = (await created.json()).id;

    const offerIn = async (email: string, prefix: string, label: string) => {
      const context = await browser.newContext();
      const buyer = await context.newPage();
      const response = await buyer.request.post('/api-v2/user/login', {
        form: { email, password: 'mavuno-demo' },
        headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
      });
      expect(response.status()).toBe(200);
      await buyer.goto(`${prefix}/board/${lotId}`);
      // Pressed at once, before its code is there: the press waits for the dialog's code (client:press) and opens it.
      await buyer.getByRole('button', { name: label }).click();
      return { buyer, dialog: buyer.getByRole('dialog'), context };
    };

    // English: "1,100,000" is one million one hundred thousand shillings, and the offer goes.
    const english = await offerIn('demo-gold@mavuno.test', '', en['lot_page.make_offer']);
    await english.dialog.getByRole('textbox', { name: /^Price per/ }).fill('1,100,000');
    await english.dialog.getByRole('textbox', { name: /^Volume/ }).fill('2');
    await expect
      .poll(async () => plain(await english.dialog.getByTestId('offer-price-reading').textContent()))
      .toContain('= TZS 1,100,000');
    await expect
      .poll(async () => plain(await english.dialog.getByTestId('offer-total').textContent()))
      .toBe('TZS 2,200,000');
    await english.dialog.getByRole('button', { name: en['make_offer.submit_buy'] }).click();
    await expect(english.dialog.getByTestId('offer-created')).toBeVisible({ timeout: 15_000 });
    await english.context.close();

    // French: "70 000" keeps the totals (they used to go blank).
    const fr: Record<string, string> = JSON.parse(readFileSync('locales/fr.json', 'utf8'));
    const french = await offerIn('demo-buyer@mavuno.test', '/fr', fr['lot_page.make_offer']);
    await french.dialog.getByRole('textbox', { name: /^Prix/ }).fill('70 000');
    await french.dialog.getByRole('textbox', { name: /^Quantité|^Volume/ }).fill('2');
    await expect
      .poll(async () => plain(await french.dialog.getByTestId('offer-total').textContent()))
      .toBe('140 000 TZS');
    // "1,500" could be 1 500 or 1,5 in French: the field says so and the totals wait.
    await french.dialog.getByRole('textbox', { name: /^Prix/ }).fill('1,500');
    await expect
      .poll(async () => plain(await french.dialog.getByTestId('offer-price-reading').textContent()))
      .toContain('1 500 ou 1,5');
    await expect(french.dialog.getByTestId('offer-total')).toHaveCount(0);
    await french.context.close();
  });
});
