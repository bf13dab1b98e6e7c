import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './test';

const fr: Record<string, string> = JSON.parse(readFileSync('locales/fr.json', 'utf8'));
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
/** A French number as the page writes it: grouped by a (narrow) no-break space or a plain one. */
const grouped = (text: string) => new RegExp(text.replace(/ /g, '[\\s\\u00a0\\u202f]'));

async function signIn(page: Page, email: string, password: string) {
  const response = await page.request.post('/api-v2/user/login', {
    form: { email, password },
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
  });
  expect(response.status()).toBe(200);
}

/** A member in a browser of their own, signed in by cookie. */
async function memberPage(browser: Browser, email: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signIn(page, email, 'mavuno-demo');
  return page;
}

/** The value of the first option of a select whose text holds `text` (category options are indented). */
async function optionValue(page: Page, select: string, text: string) {
  return (await page.locator(select).locator('option', { hasText: text }).first().getAttribute('value'))!;
}

test.describe('[WAREHOUSES] a trader keeps a warehouse at a public depot', () => {
  test('in French: picks an NCPB depot, stocks maize, places a lot there; the lot shows on the depot’s public page; the warehouse cannot be deleted while the lot is in a deal', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const trader = await memberPage(browser, 'demo-silver@mavuno.test');

    // On the warehouse map's list the trader finds the NCPB depot and, on its page, says they store there: the
    // public-depot search of their warehouses opens on it, where a button makes it one of theirs.
    await trader.goto('/fr/warehouse/map');
    await trader.getByRole('searchbox', { name: fr['warehouses.search_label'] }).fill('kitale');
    await trader.getByRole('button', { name: fr['warehouses.apply'] }).click();
    await trader.getByRole('link', { name: 'Kitale Depot' }).first().click();
    await expect(trader.getByRole('heading', { level: 1, name: 'Kitale Depot' })).toBeVisible();
    await trader.getByRole('link', { name: fr['warehouses.store_here_link'] }).click();
    await expect(trader).toHaveURL(/\/fr\/user\/profile\/warehouse\/public\?q=Kitale\+Depot&country_id=\d+$/);
    const depot = trader.locator('li').filter({ has: trader.getByRole('heading', { name: 'Kitale Depot' }) });
    await expect(depot).toContainText('NCPB');
    await depot.getByRole('button', { name: fr['warehouse_page.store_here'] }).click();
    await expect(trader).toHaveURL(/\/fr\/user\/profile\/warehouse\/\d+\?done=create_from_public$/);
    await expect(trader.locator('main').getByRole('status')).toHaveText(fr['warehouses.created']);
    await expect(trader.locator('main')).toContainText('Kitale Depot');
    const warehousePath = new URL(trader.url()).pathname;

    // Maize in stock, the quantity written the French way.
    const add = trader.getByRole('form', { name: fr['warehouse_page.add_product'] });
    await add
      .getByLabel(fr['warehouse_page.field_category'])
      .selectOption(await optionValue(trader, '#product-new-category', 'Maïs'));
    await add.getByLabel(fr['warehouse_page.field_quantity']).fill('12 500');
    await add.getByLabel(fr['warehouse_page.field_unit']).selectOption({ label: 'Tonne' });
    await add.getByLabel(fr['warehouse_page.field_quality_notes']).fill('Humidité 13 %, grain propre');
    await add.getByRole('button', { name: fr['warehouse_page.add_product_submit'] }).click();
    await expect(trader).toHaveURL(/done=add_product/);
    await expect(trader.locator('[data-product]')).toContainText(grouped('12 500 t'));
    await trader.goto('/fr/user/profile/warehouse');
    await expect(trader.locator('main')).toContainText(grouped('12 500 t'));

    // A crop lot placed at that warehouse, through the lot form: its place fields come from the warehouse.
    const title = `Maïs de Kitale ${unique()}`;
    await trader.goto('/fr/board/addLot');
    await trader.waitForSelector('astro-island:not([ssr])', { state: 'attached' });
    await expect(trader.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
    const field = (key: string) => trader.getByRole('textbox', { name: fr[key], exact: true });
    const choice = (key: string) => trader.getByRole('combobox', { name: fr[key], exact: true });
    await field('lot_form.title').fill(title);
    await choice('lot_form.category').selectOption({ label: 'Céréales' });
    await choice('lot_form.subcategory').selectOption({ label: 'Maïs' });
    await field('lot_form.volume').fill('50');
    await choice('lot_form.unit').selectOption({ index: 1 });
    await field('lot_form.price').fill('3500');
    const currency = choice('lot_form.currency');
    await currency.selectOption((await currency.locator('option', { hasText: 'KES' }).first().getAttribute('value'))!);
    await choice('lot_form.place_warehouse').selectOption(await optionValue(trader, '#lot-warehouse_id', 'Kitale'));
    await expect(trader.getByText(fr['lot_form.place_from_warehouse'])).toBeVisible();
    await expect(choice('address.country')).toHaveCount(0);
    await trader.getByRole('button', { name: fr['lot_form.submit_create'] }).click();
    await expect(trader).toHaveURL(/\/fr\/board\/\d+$/, { timeout: 20_000 });
    const lotId = Number(new URL(trader.url()).pathname.split('/').pop());

    // An anonymous visitor finds the depot by name and sees the lot stored there.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/fr/world-warehouse');
    await visitor.getByLabel(fr['warehouses.search_label'], { exact: true }).fill('Kitale');
    await visitor.getByRole('button', { name: fr['warehouses.apply'] }).click();
    await visitor.getByRole('link', { name: 'Kitale Depot' }).first().click();
    await expect(visitor).toHaveURL(/\/fr\/world-warehouse\/\d+$/);
    await expect(visitor.getByRole('link', { name: title }).first()).toBeVisible();

    // A buyer's offer is accepted: the lot is in a running deal, and its warehouse cannot be deleted.
    const buyer = await memberPage(browser, 'demo-gold@mavuno.test');
    const origin = { Origin: test.info().project.use.baseURL! };
    const offered = await buyer.request.post('/api-v2/offer/create-offer', {
      headers: origin,
      form: { order_id: lotId, order_type: 'board_list', price: '3500', volume: '5' },
    });
    expect(offered.status(), await offered.text()).toBe(200);
    const approved = await trader.request.post('/api-v2/offer/approve-offer', {
      headers: origin,
      form: { id: (await offered.json()).id },
    });
    expect(approved.status(), await approved.text()).toBe(200);
    await trader.goto(warehousePath);
    const remove = trader
      .locator('form')
      .filter({ has: trader.getByRole('button', { name: fr['warehouse_page.delete'], exact: true }) });
    await remove.getByLabel(fr['warehouse_page.confirm_delete']).check();
    await remove.getByRole('button', { name: fr['warehouse_page.delete'], exact: true }).click();
    await expect(trader.getByRole('alert')).toContainText(fr['warehouses.in_running_deal']);
    await trader.goto('/fr/user/profile/warehouse');
    await expect(trader.locator('main')).toContainText('Kitale Depot');
  });
});

test.describe('[WAREHOUSES] without JavaScript', () => {
  test('a new member creates a warehouse step by step, adds stock, sees field errors in French, and deletes it after confirming', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = `warehouse-${unique()}@mavuno.test`;
    const signup = await page.request.post('/api-v2/user/signup/', {
      form: {
        'SignupForm[first_name]': 'Awa',
        'SignupForm[email]': email,
        'SignupForm[password]': 'mavuno-2026',
        'SignupForm[password_repeat]': 'mavuno-2026',
        'SignupForm[trader_status]': 'trader',
        'SignupForm[locale]': 'fr',
      },
    });
    expect(signup.status()).toBe(200);
    await signIn(page, email, 'mavuno-2026');

    await page.goto('/fr/user/profile/warehouse');
    await expect(page.getByRole('heading', { name: fr['warehouse_page.empty_title'] })).toBeVisible();
    await page.getByRole('link', { name: fr['warehouse_page.new'] }).click();

    // A blank description is refused beside its field.
    const submit = page.getByRole('button', { name: fr['warehouse_page.create_submit'] });
    await page.getByLabel(fr['warehouse_page.field_description']).fill(' ');
    await submit.click();
    await expect(page.locator('#wh-description-error')).toBeVisible();
    await expect(page.locator('main').getByRole('alert').first()).toContainText(fr['errors.validation_failed']);

    // The place, list by list: the page shows the regions of the chosen country, then the villages of the region.
    const description = `Magasin de Nakuru ${unique()}`;
    await page.getByLabel(fr['warehouse_page.field_description']).fill(description);
    await page.locator('#wh-phone').fill('+254 712 345 678');
    await page.getByLabel(fr['address.country']).selectOption({ label: 'Kenya' });
    await page.getByRole('button', { name: fr['warehouse_page.refresh_places'] }).click();
    await expect(page.getByLabel(fr['warehouse_page.field_description'])).toHaveValue(description);
    await page.getByLabel(fr['address.region']).selectOption({ label: 'Nakuru' });
    await page.getByRole('button', { name: fr['warehouse_page.refresh_places'] }).click();
    await page.getByLabel(fr['address.village']).selectOption({ index: 1 });
    await page.getByLabel(fr['warehouse_page.field_latitude']).fill('-0.3');
    await page.getByLabel(fr['warehouse_page.field_longitude']).fill('36.07');
    await submit.click();
    await expect(page).toHaveURL(/\/fr\/user\/profile\/warehouse\/\d+\?done=create$/);
    await expect(page.getByRole('heading', { level: 1, name: description })).toBeVisible();
    await expect(page.locator('main')).toContainText('Nakuru');

    // Stock: "1,500" is ambiguous in French — refused, with what it could mean; "12,5" is twelve and a half.
    const add = page.getByRole('form', { name: fr['warehouse_page.add_product'] });
    const maize = await optionValue(page, '#product-new-category', 'Maïs');
    await add.getByLabel(fr['warehouse_page.field_category']).selectOption(maize);
    await add.getByLabel(fr['warehouse_page.field_quantity']).fill('1,500');
    await add.getByLabel(fr['warehouse_page.field_unit']).selectOption({ label: 'Tonne' });
    await add.getByRole('button', { name: fr['warehouse_page.add_product_submit'] }).click();
    await expect(page.locator('#product-new-quantity-error')).toBeVisible();
    await expect(page.locator('#product-new-quantity')).toHaveValue('1,500');
    await page.locator('#product-new-quantity').fill('12,5');
    await page.getByRole('button', { name: fr['warehouse_page.add_product_submit'] }).click();
    await expect(page).toHaveURL(/done=add_product/);
    await expect(page.locator('[data-product]')).toContainText('12,5 t');

    // The cabinet card counts the warehouse and its line of stock.
    await page.goto('/fr/user/profile/cabinet-cards');
    const card = page.locator('[data-card="warehouse"]');
    await expect(card).toContainText('1');
    await expect(card).toContainText(fr['warehouse_page.card_stock#one'].replace('{{count}}', '1'));
    await card.click();
    await expect(page).toHaveURL(/\/fr\/user\/profile\/cabinet-cards\/warehouse$/);
    await page.getByRole('link', { name: description }).click();

    // Deleting asks for the confirmation first.
    const remove = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: fr['warehouse_page.delete'], exact: true }) });
    await remove.getByRole('button', { name: fr['warehouse_page.delete'], exact: true }).click();
    await expect(page.locator('#wh-confirm-error')).toHaveText(fr['warehouse_page.confirm_required']);
    await page.getByLabel(fr['warehouse_page.confirm_delete']).check();
    await page.getByRole('button', { name: fr['warehouse_page.delete'], exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/user\/profile\/warehouse\?done=delete$/);
    await expect(page.getByRole('heading', { name: fr['warehouse_page.empty_title'] })).toBeVisible();
  });

  test('someone else’s warehouse is a 404, and a visitor is sent to sign in', async ({ browser }) => {
    const page = await memberPage(browser, 'demo-buyer@mavuno.test', { javaScriptEnabled: false });
    const owner = await memberPage(browser, 'demo-gold@mavuno.test', { javaScriptEnabled: false });
    const created = await owner.request.post('/api-v2/user-warehouse/create', {
      headers: { Origin: test.info().project.use.baseURL! },
      form: { description: `Privé ${unique()}` },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { id } = await created.json();
    expect((await page.goto(`/fr/user/profile/warehouse/${id}`))?.status()).toBe(404);
    const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await visitor.goto('/fr/user/profile/warehouse');
    await expect(visitor).toHaveURL(/\/fr\/signin\/login\?redirect=/);
  });
});
