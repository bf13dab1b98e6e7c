import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './test';

const en: Record<string, string> = JSON.parse(readFileSync('locales/en.json', 'utf8'));
const fr: Record<string, string> = JSON.parse(readFileSync('locales/fr.json', 'utf8'));
const KES = 1;

/** A browser without JavaScript, signed in as a demo member through the API (the session cookie). */
async function memberPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const baseURL = test.info().project.use.baseURL!;
  const response = await page.request.post('/api-v2/user/login', {
    form: { email, password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
  });
  expect(response.status()).toBe(200);
  return page;
}

async function startTopUp(page: Page, amount: string, language = 'en') {
  const response = await page.request.post('/api-v2/wallet/top-up', {
    form: { amount, currency: String(KES) },
    headers: { Origin: test.info().project.use.baseURL!, 'Accept-Language': language },
  });
  expect(response.status()).toBe(200);
  const started = await response.json();
  return { reference: started.reference as string, path: new URL(started.checkout_url).pathname };
}

async function availableKes(page: Page): Promise<number> {
  const info = await (await page.request.get('/api-v2/user-wallet-info')).json();
  return info.pockets.find((p: { currency: string }) => p.currency === 'KES')?.available ?? 0;
}

test.describe('[WALLET] a top-up through the sandbox checkout, without JavaScript', () => {
  test('the test card pays: the member lands on the result page and the pocket holds the money', async ({
    browser,
  }) => {
    const page = await memberPage(browser, 'demo-buyer@mavuno.test');
    const before = await availableKes(page);
    const { reference, path } = await startTopUp(page, '250.50');

    await page.goto(path);
    await expect(page.getByTestId('sandbox-amount')).toContainText('250.50');
    await expect(page.locator('body')).toContainText('4242 4242 4242 4242');

    // A number that is not a test card: the form again, with the problem beside the field.
    await page.getByLabel(en['sandbox_checkout.card_number']).fill('1234 5678 9012 3456');
    await page.getByRole('button', { name: /250\.50/ }).click();
    await expect(page.locator('body')).toContainText(en['sandbox_checkout.not_a_test_number']);

    await page.getByLabel(en['sandbox_checkout.card_number']).fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /250\.50/ }).click();
    await expect(page).toHaveURL(new RegExp(`/user/top-up\\?reference=${reference}$`));
    await expect(page.locator('[data-outcome="succeeded"]')).toBeVisible();
    expect(await availableKes(page)).toBe(before + 25_050);
    const payment = await (await page.request.get(`/api-v2/wallet/payment?reference=${reference}`)).json();
    expect(payment).toMatchObject({ status: 'succeeded', credited: true, amount_minor: 25_050 });

    // The link is spent: opening it again only links back.
    await page.goto(path);
    await expect(page.locator('body')).toContainText(en['sandbox_checkout.finished']);
  });

  test('in French, the declining card says so and credits nothing; a forged link is a 404', async ({ browser }) => {
    const page = await memberPage(browser, 'demo-basic@mavuno.test');
    const before = await availableKes(page);
    const { reference, path } = await startTopUp(page, '100', 'fr');
    await page.goto(path);
    expect(path).toMatch(/^\/fr\/sandbox-checkout\//);
    await page.getByLabel(fr['sandbox_checkout.card_number']).fill('4000 0000 0000 0002');
    await page.locator('form[data-plain-form] button[type=submit]').click();
    await expect(page.locator('[data-outcome="declined"]')).toBeVisible();
    await expect(page.locator('body')).toContainText(fr['top_up.failure_declined']);
    expect(await availableKes(page)).toBe(before);
    const payment = await (await page.request.get(`/api-v2/wallet/payment?reference=${reference}`)).json();
    expect(payment).toMatchObject({ status: 'failed', failure: 'declined', credited: false });

    const forged = await page.goto(`${path.slice(0, -4)}0000`);
    expect(forged?.status()).toBe(404);
  });
});
