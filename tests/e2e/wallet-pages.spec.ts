import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './test';

/** The wallet's screens (docs/wallet.md "Screens"), without JavaScript. */
const dictionary = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8'));
const en = dictionary('en');
const KES = '1';
const MEMBER = 'demo-silver@mavuno.test';

/** A browser without JavaScript, signed in as a demo member through the API (the session cookie). */
async function memberPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.request.post('/api-v2/user/login', {
    form: { email, password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
  });
  expect(response.status()).toBe(200);
  return page;
}

test.describe('[WALLET] the wallet explained, for everyone', () => {
  for (const [path, lang, title] of [
    ['/wallet', 'en', 'The Mavuno wallet and escrow'],
    ['/sw/wallet', 'sw', 'Pochi ya Mavuno na amana'],
    ['/fr/wallet', 'fr', 'Le portefeuille Mavuno et le séquestre'],
  ] as const) {
    test(`${path} is public, in ${lang}, indexable and without page scripts`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toContain('public');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);
      for (const code of ['en', 'sw', 'fr']) {
        await expect(page.locator(`link[rel="alternate"][hreflang="${code}"]`)).toHaveCount(1);
      }
      // Nothing but the site's service-worker registration: no island, no page script.
      expect(await page.locator('astro-island').count()).toBe(0);
      const scripts = await page
        .locator('script')
        .evaluateAll((nodes) => nodes.map((node) => `${node.getAttribute('src') ?? ''} ${node.textContent ?? ''}`));
      expect(scripts.filter((text) => !/serviceWorker|\/_astro\/|application\/ld\+json/.test(text))).toEqual([]);
      await expect(page.locator('article')).toContainText(
        lang === 'en' ? '7 days' : lang === 'sw' ? 'siku 7' : '7 jours',
      );
      await context.close();
    });
  }

  test('an anonymous visitor of the member’s wallet is sent to sign in', async ({ page }) => {
    await page.goto('/user/profile/wallet');
    await expect(page).toHaveURL(/\/signin\/login/);
  });
});

test.describe('[WALLET] a member’s wallet without JavaScript', () => {
  test('tops up through the plain form and the sandbox checkout, sees the pocket, the transaction and its receipt', async ({
    browser,
  }) => {
    const page = await memberPage(browser, MEMBER);
    await page.goto('/user/profile/wallet');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['wallet_page.title']);
    await expect(page.getByRole('link', { name: en['wallet_page.withdraw'] })).toHaveAttribute(
      'href',
      '/user/profile/wallet/withdraw',
    );

    // A wrong amount: the page again, the problem beside the field.
    await page.getByLabel(en['wallet_page.amount']).fill('many');
    await page.locator('#top-up-currency').selectOption(KES);
    await page.getByRole('button', { name: en['wallet_page.top_up_submit'] }).click();
    await expect(page.locator('#top-up-amount')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel(en['wallet_page.amount']).fill('1,234.56');
    await page.locator('#top-up-currency').selectOption(KES);
    await page.getByLabel(en['wallet_page.method_card']).check();
    await page.getByRole('button', { name: en['wallet_page.top_up_submit'] }).click();
    await expect(page).toHaveURL(/\/sandbox-checkout\//);
    await expect(page.getByTestId('sandbox-amount')).toContainText('1,234.56');
    await page.getByLabel(en['sandbox_checkout.card_number']).fill('4242 4242 4242 4242');
    await page.locator('form[data-plain-form] button[type=submit]').click();
    await expect(page.locator('[data-outcome="succeeded"]')).toBeVisible();

    await page.goto('/user/profile/wallet?currency=KES&direction=in&cause=top_up');
    await expect(page.locator('[data-pocket="KES"]')).toBeVisible();
    const row = page.getByTestId('wallet-transactions').locator('tbody tr').filter({ hasText: '1,234.56' }).first();
    await expect(row).toContainText(en['wallet_page.kind_top_up']);
    // The filters stay in the form.
    await expect(page.locator('select[name="direction"]')).toHaveValue('in');

    // The CSV of the same filters.
    const csvHref = await page.getByTestId('wallet-csv').getAttribute('href');
    expect(csvHref).toBe('/api-v2/wallet/transactions.csv?currency=KES&cause=top_up&direction=in');
    const csv = await page.request.get(csvHref!);
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('date,receipt,currency,direction,amount,cause,step,deal_id');
    expect(text).toContain(',KES,in,1234.56,top_up,,');

    await row.getByRole('link', { name: /^MV-\d{8}$/ }).click();
    await expect(page).toHaveURL(/\/user\/profile\/wallet\/receipt\/MV-\d{8}$/);
    const number = /MV-\d{8}/.exec(page.url())![0];
    await expect(page.getByTestId('receipt-number')).toHaveText(number);
    await expect(page.getByTestId('receipt-amount')).toContainText('1,234.56');
    await expect(page.getByTestId('receipt-method')).toContainText(en['wallet_page.method_card']);
    await expect(page.getByTestId('receipt-status')).toHaveText(en['wallet_page.status_completed']);
    await expect(page.locator('body')).toContainText(en['wallet_page.print_hint']);

    // The same receipt in French, and among the member's receipts.
    await page.goto(`/fr/user/profile/wallet/receipt/${number}`);
    await expect(page.getByTestId('receipt-status')).toHaveText(dictionary('fr')['wallet_page.status_completed']);
    await page.goto('/user/profile/cabinet-cards/money-cards/my-receipts');
    await expect(page.getByTestId('receipts')).toContainText(number);
    await page.goto('/user/profile/cabinet-cards/money-cards/my-wallet');
    await expect(page.locator('[data-pocket="KES"]')).toBeVisible();

    // Another member never reads it: the 404 page, as for a number that does not exist.
    const other = await memberPage(browser, 'demo-basic@mavuno.test');
    expect((await other.goto(`/user/profile/wallet/receipt/${number}`))?.status()).toBe(404);
    expect((await other.goto('/user/profile/wallet/receipt/MV-99999999'))?.status()).toBe(404);
    await page.context().close();
    await other.context().close();
  });
});

test.describe('[WALLET] a top-up the browser may not follow, with JavaScript', () => {
  test('says so, and the button can be pressed again, instead of doing nothing', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const login = await page.request.post('/api-v2/user/login', {
      form: { email: 'demo-buyer@mavuno.test', password: 'mavuno-demo' },
      headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
    });
    expect(login.status()).toBe(200);
    await page.goto('/user/profile/wallet');
    // The checkout on a host the page's policy does not name: the browser refuses to follow the form's redirect.
    await page.route('**/user/profile/wallet', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 303, headers: { Location: 'https://checkout.elsewhere.example/pay/1' } })
        : route.fallback(),
    );
    await page.getByLabel(en['wallet_page.amount']).fill('50');
    await page.locator('#top-up-currency').selectOption(KES);
    const submit = page.getByRole('button', { name: en['wallet_page.top_up_submit'] });
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: en['payments.checkout_blocked'] })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/profile\/wallet$/);
    await expect(submit).toBeEnabled();
    await context.close();
  });
});
