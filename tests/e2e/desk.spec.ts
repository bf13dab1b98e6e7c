import { expect, type Page } from '@playwright/test';
import { test } from './test';
import sharp from 'sharp';
import { signInStaff } from './staff';

/**
 * The editors' desk (docs/articles.md "Desk"): the demo editor writes an article in English and Swahili with an
 * uploaded cover, sees the live preview, schedules it in the past (published at once) and finds it on /sw/article
 * and in the articles sitemap; an ordinary member is refused the desk.
 */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

/** Signs a demo account in; staff (the editor) pass the back office's second factor too. */
async function signIn(page: Page, email: string) {
  if (email === 'demo-editor@mavuno.test') return signInStaff(page.request, email);
  const response = await page.request.post('/api-v2/user/login', {
    form: { email, password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
  });
  expect(response.status()).toBe(200);
}

/** A wall-clock time in Nairobi (UTC+3, no summer time) `minutes` from now, as a datetime-local input takes it. */
const nairobiLocal = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000 + 3 * 3_600_000).toISOString().slice(0, 16);

test.describe('[DESK] editors write and publish news', () => {
  test('an editor writes in English and Swahili with a cover, schedules it, and it is on /sw/article and in the sitemap', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ timezoneId: 'Africa/Nairobi' });
    const page = await context.newPage();
    await signIn(page, 'demo-editor@mavuno.test');
    await page.goto('/desk');
    await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
    await page.getByRole('link', { name: 'New article' }).click();
    await page.waitForSelector('astro-island:not([ssr])');

    const slug = `desk-e2e-${unique()}`;
    await page.getByLabel('Address (slug)').fill(slug);
    await page.getByLabel('Category').selectOption('advice');
    const en = page.locator('fieldset[data-language="en"]');
    const sw = page.locator('fieldset[data-language="sw"]');
    await en.getByLabel('Title').fill('Drying maize before storage');
    await en.getByLabel('Summary').fill('Dry grain keeps its price.');
    await en.getByLabel('Text (Markdown)').fill('Dry your maize to 13% moisture.');
    await en.getByRole('button', { name: 'Table' }).click();
    await expect(en.locator('[data-preview="en"] table')).toBeVisible();
    await sw.getByLabel('Title').fill('Kukausha mahindi kabla ya kuhifadhi');
    await sw.getByLabel('Summary').fill('Nafaka kavu hudumisha bei yake.');
    await sw.getByLabel('Text (Markdown)').fill('Kausha mahindi yako hadi unyevu wa asilimia 13.');
    await expect(sw.locator('[data-preview="sw"] p')).toHaveText('Kausha mahindi yako hadi unyevu wa asilimia 13.');
    // French is missing, and says so.
    await expect(page.locator('fieldset[data-language="fr"] legend')).toContainText('missing');

    const cover = page.getByRole('group', { name: 'Cover picture' });
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#6a994e' } })
      .png()
      .toBuffer();
    await cover.getByLabel('Image file').setInputFiles({ name: 'maize.png', mimeType: 'image/png', buffer: picture });
    await cover.getByRole('button', { name: 'Upload' }).click();
    // The alt text is required before anything is sent.
    await expect(cover.getByRole('alert')).toContainText('Describe the image');
    await cover.getByLabel('Describe the image (required)').fill('Maize cobs drying on a mat');
    await cover.getByRole('button', { name: 'Upload' }).click();
    await expect(cover.locator('img[src*="/uploads/articles/"]')).toBeVisible();
    await cover.getByLabel('Description in English').fill('Maize cobs drying on a mat');
    await cover.getByLabel('Description in Swahili').fill('Mahindi yakikauka kwenye mkeka');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/desk\/articles\/\d+\?done=created$/);
    await expect(page.getByRole('status').first()).toContainText('Article created');
    await page.waitForSelector('astro-island:not([ssr])');

    // Scheduled in the editor's zone (Nairobi) a minute ago: the time has come, so it is published at once.
    await expect(page.getByLabel(/Africa\/Nairobi/)).toBeVisible();
    await page.getByLabel(/Africa\/Nairobi/).fill(nairobiLocal(-1));
    await page.getByRole('button', { name: 'Schedule' }).click();
    await page.waitForURL(/\?done=schedule$/);
    await expect(page.locator('.badge-lg')).toHaveText('Published');

    const reader = await browser.newContext({ javaScriptEnabled: false });
    const readerPage = await reader.newPage();
    await readerPage.goto('/sw/article');
    await expect(readerPage.getByRole('link', { name: 'Kukausha mahindi kabla ya kuhifadhi' }).first()).toBeVisible();
    const sitemap = await (await readerPage.request.get('/sitemap-articles-1.xml')).text();
    expect(sitemap).toContain(`/sw/article/${slug}</loc>`);
    expect(sitemap).toContain(`/article/${slug}</loc>`);
    expect(sitemap).not.toContain(`/fr/article/${slug}</loc>`);

    // A revision for each change: created, then moved to published (the text, unchanged, added none).
    await page.getByRole('link', { name: 'Revisions' }).click();
    await expect(page.locator('[data-revision]')).toHaveCount(2);
    await expect(page.locator('[data-revision]').first()).toContainText('State changed');
    await expect(page.locator('[data-revision]').last()).toContainText('Created');
    await reader.close();
    await context.close();
  });

  test('an ordinary member gets a 403 page; the FAQ is searchable without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, 'demo-gold@mavuno.test');
    const refused = await page.goto('/desk');
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'For editors only' })).toBeVisible();

    await page.goto('/faq');
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld['@type']).toBe('FAQPage');
    await page.getByLabel('Search the questions').fill('escrow');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/faq\?q=escrow$/);
    await expect(page.getByRole('status')).toContainText('questions match');
    await context.close();
  });
});
