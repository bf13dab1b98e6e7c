import { expect } from '@playwright/test';
import { test } from './test';
import sharp from 'sharp';
import { staffToken } from './staff';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

/** The demo editor's API session (a Bearer token), past the back office's second factor. */
const editorToken = (request: import('@playwright/test').APIRequestContext) =>
  staffToken(request, 'demo-editor@mavuno.test');

test.describe('[ARTICLES] news for readers', () => {
  test('an editor writes an article in English and Swahili with a cover and publishes it: Swahili readers get it on /sw/article and its page without JavaScript, French readers the English text marked, the sitemap and feed list it', async ({
    browser,
    request,
  }) => {
    const auth = await editorToken(request);
    // A cover photo, re-encoded by the server.
    const png = await sharp({ create: { width: 1400, height: 800, channels: 3, background: '#c9a227' } })
      .png()
      .toBuffer();
    const image = await request.post('/api-v2/article/upload-image', {
      headers: auth,
      multipart: { alt: 'Maize cobs', file: { name: 'cover.png', mimeType: 'image/png', buffer: png } },
    });
    expect(image.status(), await image.text()).toBe(200);
    const slug = `e2e-beans-${unique()}`;
    const created = await request.post('/api-v2/article/create', {
      headers: auth,
      form: {
        category: 'market_news',
        slug,
        cover_path: (await image.json()).path,
        'cover_alt[en]': 'Maize cobs',
        'cover_alt[sw]': 'Mahindi',
        'translations[en][title]': 'Bean prices climb in Arusha',
        'translations[en][body]': '## Why\n\nShort rains were late.',
        'translations[sw][title]': 'Bei ya maharagwe yapanda Arusha',
        'translations[sw][body]': '## Kwa nini\n\nMvua za vuli zilichelewa.',
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { id } = await created.json();
    // A schedule already due publishes at once (the every-minute job publishes later ones: tests/api/articles.test.ts).
    const state = await request.post('/api-v2/article/change-state', {
      headers: auth,
      form: { id, state: 'scheduled', publish_at: new Date(Date.now() - 1000).toISOString() },
    });
    expect((await state.json()).state).toBe('published');

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/sw/article');
    await page.getByRole('link', { name: 'Bei ya maharagwe yapanda Arusha' }).click();
    await expect(page).toHaveURL(new RegExp(`/sw/article/${slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bei ya maharagwe yapanda Arusha');
    await expect(page.getByRole('img', { name: 'Mahindi' })).toHaveAttribute('srcset', /480w.*800w.*1200w/);
    await expect(page.getByRole('heading', { name: 'Habari nyingine' })).toBeVisible();
    // Only the service worker's registration: no island, no other script.
    const scripts = await page.locator('script[src]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('src')));
    expect(scripts.every((src) => src?.includes('BaseLayout'))).toBe(true);
    expect(await page.locator('astro-island').count()).toBe(0);

    await page.goto(`/fr/article/${slug}`);
    // The language is named in the reader's language.
    await expect(page.getByRole('note')).toContainText(new Intl.DisplayNames('fr', { type: 'language' }).of('en')!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bean prices climb in Arusha');
    await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/article/${slug}$`));

    const sitemap = await (await request.get('/sitemap-articles-1.xml')).text();
    expect(sitemap).toContain(`/sw/article/${slug}</loc>`);
    expect(sitemap).not.toContain(`/fr/article/${slug}</loc>`);
    const feed = await (await request.get('/sw/article/feed.xml')).text();
    expect(feed).toContain('Bei ya maharagwe yapanda Arusha');
    await context.close();
  });
});
