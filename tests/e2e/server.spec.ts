import { expect } from '@playwright/test';
import { test } from './test';

test.describe('[SERVER] production server', () => {
  test('compresses HTML, CSS and JSON and caches hashed assets for a year', async ({ request }) => {
    const home = await request.get('/', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(home.headers()['content-encoding']).toMatch(/br|gzip/);
    const html = await home.text();
    const css = html.match(/href="(\/_astro\/[^"]+\.css)"/)?.[1];
    expect(css).toBeTruthy();
    const style = await request.get(css!, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(style.headers()['content-encoding']).toMatch(/br|gzip/);
    expect(style.headers()['cache-control']).toContain('immutable');
    const api = await request.get('/api-v2/country-dropdown', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(api.headers()['content-encoding']).toBe('gzip');
  });

  test('sends security headers with a CSP that allows no inline script without a hash', async ({ request }) => {
    const res = await request.get('/faq');
    const headers = res.headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBeTruthy();
    expect(headers['x-frame-options']).toBe('DENY');
    const csp = headers['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src [^;]*'sha256-/);
    expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);
  });

  test('answers health checks for machines and people', async ({ request, page }) => {
    const health = await request.get('/healthz');
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { status: 'ok', kind: 'pglite' } });
    await page.goto('/helth');
    await expect(page.getByTestId('health-status')).toHaveText('All systems are working.');
  });

  test('answers unknown API paths with JSON and serves the API reference', async ({ request, page }) => {
    const missing = await request.get('/api-v2/nope');
    expect(missing.status()).toBe(404);
    expect((await missing.json()).code).toBe('not_found');
    await page.goto('/api-reference');
    await expect(page.getByRole('heading', { name: 'API reference' })).toBeVisible();
    await expect(page.getByText('/api-v2/country-dropdown')).toBeVisible();
  });

  test('serves a service worker at the root and an offline page', async ({ request }) => {
    const sw = await request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(await sw.text()).toContain('offline.html');
    const offline = await request.get('/offline.html');
    expect(await offline.text()).toContain('Uko nje ya mtandao');
  });
});
