import { expect } from '@playwright/test';
import { test } from './test';

test.describe('[SITE] home and languages', () => {
  for (const [path, lang, heading] of [
    ['/', 'en', 'Browse by crop'],
    ['/sw', 'sw', null],
    ['/fr', 'fr', null],
  ] as const) {
    test(`home in ${lang} has its language, alternates and no script but the service worker`, async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page).toHaveTitle(/Mavuno/);
      for (const code of ['en', 'sw', 'fr', 'x-default']) {
        await expect(page.locator(`link[rel="alternate"][hreflang="${code}"]`)).toHaveCount(1);
      }
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${path === '/' ? '/$' : `${path}$`}`),
      );
      if (heading) await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      // Real categories from the database, in the page's language.
      await expect(
        page.getByRole('link', { name: lang === 'sw' ? 'Mahindi' : lang === 'fr' ? 'Maïs' : 'Maize', exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('Mavuno');
      await page.waitForLoadState('load');
      // The only script is the service-worker registration (inlined or as one file), and the CSP lets it run.
      const inline = await page.locator('script:not([src])').allTextContents();
      expect(scripts.length + inline.filter((text) => text.trim()).length).toBe(1);
      expect([...inline, ...scripts].join(' ')).toMatch(/serviceWorker|\/_astro\//);
      expect(await page.locator('astro-island').count()).toBe(0);
      await expect
        .poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration('/'))))
        .toBe(true);
    });
  }

  test('the language switch keeps the page and remembers the choice', async ({ page, context }) => {
    await page.goto('/faq');
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Kiswahili' }).click();
    await expect(page).toHaveURL(/\/sw\/faq$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('sw');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    // Back at the root, the remembered language wins over the browser's.
    await page.goto('/');
    await expect(page).toHaveURL(/\/sw$/);
    await page.getByRole('navigation', { name: 'Lugha' }).getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('unknown routes answer 404 in the visitor’s language with back and home buttons', async ({ page }) => {
    const response = await page.goto('/fr/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Cette page est introuvable' })).toBeVisible();
    await page
      .getByRole('link', { name: /Accueil|page d'accueil/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/fr$/);
  });

  test('the 404 page in English says the page could not be found', async ({ page }) => {
    const response = await page.goto('/definitely/not/here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back' })).toBeVisible();
  });
});

test.describe('[SITE] root language detection', () => {
  test.use({ locale: 'fr-FR', extraHTTPHeaders: { 'Accept-Language': 'fr-FR,fr;q=0.9' } });
  test('a French browser at / lands on /fr and the choice is remembered', async ({ page, context }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/fr$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('fr');
    // Detection runs only on the root: an English page stays English.
    await page.goto('/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('[SITE] phone layout', () => {
  test('the side drawer opens without JavaScript and shows the menu groups', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto('/');
    const drawer = page.getByRole('navigation', { name: 'Site menu' });
    await expect(drawer).not.toBeInViewport();
    // The menu button is the label of the drawer's checkbox (a label has no role of its own).
    await page.getByRole('banner').locator('label', { hasText: 'Open menu' }).click();
    await expect(drawer).toBeInViewport();
    await expect(drawer.getByRole('link', { name: 'Agro lots' })).toBeVisible();
    // The agro indices are live: a link, no "coming soon" mark.
    await expect(drawer.getByRole('link', { name: 'Agro indices' }).first()).toHaveAttribute('href', '/statistic');
    await expect(drawer.getByRole('link', { name: 'Warehouse map' })).toHaveAttribute('href', '/world-warehouse');
    await expect(drawer.getByRole('link', { name: 'Sign in' })).toBeVisible();
    // Languages as text, named by their own names: no flag (a country, and an empty box where the font has none).
    const languages = page.getByRole('navigation', { name: 'Language' });
    for (const [name, code] of [
      ['English', 'EN'],
      ['Kiswahili', 'SW'],
      ['Français', 'FR'],
    ]) {
      const link = languages.getByRole('link', { name });
      await expect(link).toBeVisible();
      await expect(link).toHaveText(code);
    }
    expect(await languages.textContent()).not.toMatch(/\p{Regional_Indicator}/u);
    await context.close();
  });
});

test.describe('[SITE] offline and demo data', () => {
  test('marks demo market prices as demo data', async ({ page }) => {
    await page.goto('/');
    const prices = page.getByRole('region', { name: 'Market prices' });
    await expect(prices.getByText('Demo data')).toBeVisible();
    await expect(prices.getByRole('row')).toHaveCount(9);
  });

  test('the service worker takes control and keeps the offline page ready', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const cached = await page.evaluate(async () => {
      const response = await caches.match('/offline.html', { ignoreSearch: true });
      return response ? await response.text() : '';
    });
    expect(cached).toContain('Uko nje ya mtandao');
  });

  test('shows the offline page for a page never visited once the network is gone', async ({ page, context }) => {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await context.setOffline(true);
    await page.goto('/privacy-policy').catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await context.setOffline(false);
  });
});
