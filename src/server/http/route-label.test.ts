import { describe, expect, it } from 'vitest';
import { astroRoute, pathRoute } from './route-label';

describe('route labels', () => {
  it("writes Astro's patterns as the API's", () => {
    expect(astroRoute('/board/[id]')).toBe('/board/:id');
    expect(astroRoute('/[...planned]')).toBe('/*');
    expect(astroRoute('/sitemap-lots-[page].xml')).toBe('/sitemap-lots-:page.xml');
    expect(astroRoute('/')).toBe('/');
  });

  it('replaces numbers and opaque segments of a path without a pattern, and drops the query', () => {
    expect(pathRoute('/board/123?token=abc')).toBe('/board/:id');
    expect(
      pathRoute('/api-v2/payments/webhooks/mpesa/tu_3f9a8b7c6d5e4f3a2b1c0d9e/9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f'),
    ).toBe('/api-v2/payments/webhooks/mpesa/:key/:key');
    expect(pathRoute('/user/confirm-email')).toBe('/user/confirm-email');
    expect(pathRoute('/a/b/c/d/e/f/g/h/i/j')).toBe('/a/b/c/d/e/f/g/h/…');
    expect(pathRoute('/')).toBe('/');
  });
});
