import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './test';
import sharp from 'sharp';
import { BOARD_CATEGORIES } from '../../src/server/db/seed/reference/categories';

/**
 * The lot form without JavaScript (docs/lots.md "The lot form without JavaScript"), on a 360 px phone in Swahili:
 * a gold demo cooperative (docs/demo-data.md; no other spec uses it) types a price that cannot be read, gets the
 * form back with the message beside the price and what it typed kept, chooses the place in the lists, adds a photo
 * with the browser's own file input, publishes, and lands on the lot's page with its photo.
 */
const sw: Record<string, string> = JSON.parse(readFileSync('locales/sw.json', 'utf8'));
const MEMBER = 'demo-ke-othaya@mavuno.test';
const cereals = BOARD_CATEGORIES.find((category) => category.id === 1)!;
const maize = cereals.children!.find((category) => category.id === 3)!;

test.describe('[LOTS] the lot form without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, locale: 'sw-KE' });

  test('a member publishes a maize lot with a photo through the plain form post, a bad price shown again with its message', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const baseURL = test.info().project.use.baseURL!;
    const login = await page.request.post('/api-v2/user/login', {
      form: { email: MEMBER, password: 'mavuno-demo' },
      headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
    });
    expect(login.status()).toBe(200);
    const title = `Mahindi ya ushirika ${Date.now().toString(36)}`;

    await page.goto('/sw/board/addLot');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    const form = page.getByRole('main');
    const field = (key: string) => form.getByRole('textbox', { name: sw[key], exact: true });
    const choice = (key: string) => form.getByRole('combobox', { name: sw[key], exact: true });
    const countries = await (await page.request.get('/api-v2/country-dropdown')).json();
    await field('lot_form.title').fill(title);
    await choice('lot_form.category').selectOption({ label: maize.name.sw });
    await field('lot_form.volume').fill('1,200');
    await choice('lot_form.unit').selectOption({ index: 1 });
    const currency = choice('lot_form.currency');
    await currency.selectOption((await currency.locator('option', { hasText: 'KES' }).first().getAttribute('value'))!);
    await field('lot_form.price').fill('elfu tatu');
    await choice('address.country').selectOption(
      String(countries.items.find((c: { code: string }) => c.code === 'KE').id),
    );
    await form.getByRole('button', { name: sw['lot_form.refresh_places'] }).click();
    await choice('address.region').selectOption({ label: 'Nakuru' });
    await form.getByRole('button', { name: sw['lot_form.refresh_places'] }).click();
    await choice('address.village').selectOption({ index: 1 });

    // A price that is no number: the form comes back (422) with the message beside the price, the rest kept.
    await form.getByRole('button', { name: sw['lot_form.submit_create'] }).click();
    await expect(page).toHaveURL(/\/sw\/board\/addLot$/);
    await expect(field('lot_form.price')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('#lot-price-error')).not.toBeEmpty();
    await expect(field('lot_form.title')).toHaveValue(title);
    await expect(field('lot_form.volume')).toHaveValue('1,200');
    await expect(choice('lot_form.category')).toHaveValue(String(maize.id));
    await expect(choice('address.village').locator('option:checked')).not.toHaveText(sw['address.choose_village']);

    // Put right, with a photo from the browser's own file input.
    await field('lot_form.price').fill('3,600');
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#e8c94a' } })
      .jpeg()
      .toBuffer();
    await form
      .getByLabel(sw['lot_form.photo_add'])
      .setInputFiles({ name: 'mahindi.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await form.getByRole('button', { name: sw['lot_form.submit_create'] }).click();
    await expect(page).toHaveURL(/\/sw\/board\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('lot-price')).toContainText('3,600');
    await expect(page.locator('main img[src*="/uploads/"]').first()).toBeVisible();
  });
});
