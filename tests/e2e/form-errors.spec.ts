import { readFileSync } from 'node:fs';
import { type Browser, type Locator, type Page, expect } from '@playwright/test';
import { test } from './test';

const en: Record<string, string> = JSON.parse(readFileSync('locales/en.json', 'utf8'));
const sw: Record<string, string> = JSON.parse(readFileSync('locales/sw.json', 'utf8'));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A message with its {{placeholders}} as "anything". */
const messagePattern = (message: string) => new RegExp(escapeRegExp(message).replace(/\\\{\\\{\w+\\\}\\\}/g, '.+'));

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

/** The island holding `inside` has hydrated. */
async function hydrated(inside: Locator) {
  const island = inside.page().locator('astro-island', { has: inside }).last();
  await island.scrollIntoViewIfNeeded();
  // The make-offer dialog hydrates when the pointer comes near it (client:press), as a member's does.
  if ((await island.getAttribute('client')) === 'press') await inside.hover();
  await expect(island).not.toHaveAttribute('ssr', /.*/, { timeout: 30_000 });
}

/**
 * A number field's problem is said once — one element in `scope` holds the message, in the error's colour — and
 * it is tied to the input: its id is among the input's aria-describedby.
 */
async function expectOneError(scope: Locator, input: Locator, message: RegExp) {
  const said = scope.getByText(message);
  await expect(said).toHaveCount(1);
  await expect(said).toHaveClass(/text-error/);
  const id = await said.getAttribute('id');
  expect(id).toBeTruthy();
  expect((await input.getAttribute('aria-describedby'))?.split(' ')).toContain(id);
}

test.describe('[FORMS] errors said once, and as they are', () => {
  test('the offer dialog says a number it cannot read once, before and after the submit', async ({ browser }) => {
    const buyer = await memberPage(browser, 'demo-buyer@mavuno.test');
    // A lot for sale by someone else, on the market (other specs add lots to the same board as they run).
    const me = await (await buyer.request.get('/api-v2/user/index')).json();
    const { items } = await (await buyer.request.get('/api-v2/board-list/index?per-page=50')).json();
    const lot = items.find(
      (item: { type: string; user_id: number; status: string }) =>
        item.type === 'sell' && item.user_id !== me.id && item.status === 'active',
    );
    expect(lot, 'a lot demo-buyer may make an offer on').toBeDefined();
    await buyer.goto(`/board/${lot.id}`);
    const makeOffer = buyer.getByRole('button', { name: en['lot_page.make_offer'] });
    await hydrated(makeOffer);
    await makeOffer.click();
    const dialog = buyer.getByRole('dialog');
    const volume = dialog.locator('#offer-volume');
    await volume.fill('12abc');
    const digitsOnly = messagePattern(en['validation.number_digits']);
    await expectOneError(dialog, volume, digitsOnly);
    await dialog.getByRole('button', { name: en['make_offer.submit_buy'] }).click();
    await expect(volume).toHaveAttribute('aria-invalid', 'true');
    await expectOneError(dialog, volume, digitsOnly);
    await buyer.context().close();
  });

  test('after a refused lot, a place chosen by search clears the place errors; the quantity’s error is said once', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const seller = await memberPage(browser, 'demo-gold@mavuno.test');
    await seller.goto('/sw/board/addLot');
    const publish = seller.getByRole('button', { name: sw['lot_form.submit_create'] });
    await hydrated(publish);
    const form = seller.locator('form', { has: publish });
    const volume = form.locator('#lot-volume');
    await volume.fill('12abc');
    await publish.click();
    await expect(form.getByText(sw['lots.place_required'])).toBeVisible();
    await expectOneError(form, volume, messagePattern(sw['validation.number_digits']));

    // A village found by search (it brings its map point): neither "choose a place" nor "pick it again" stays.
    const search = form.getByRole('combobox', { name: sw['address.search_label'] });
    await search.fill('agnibilekrou');
    await form.getByRole('option', { name: /Agnibilékrou/ }).click();
    await expect(form.locator('#lot-point-value')).toContainText('7.1333');
    await expect(form.getByText(sw['accounts.point_incomplete'])).toHaveCount(0);
    await expect(form.getByText(sw['lots.place_required'])).toHaveCount(0);
    await expect(form.locator('#lot-country_id')).not.toHaveAttribute('aria-invalid', 'true');
    await seller.context().close();
  });
});
