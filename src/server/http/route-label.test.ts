import { randomBytes } from 'node:crypto';
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

  it('replaces a base64url token without a digit, and keeps the words routes are named with', () => {
    // Tokens as the site makes them (32 random bytes), their digits taken out: 28 to 40 characters.
    for (let i = 0; i < 500; i++) {
      const token = randomBytes(32).toString('base64url').replace(/\d/g, '');
      expect(pathRoute(`/loan-application/${token}`)).toBe('/loan-application/:key');
    }
    // Shorter tokens that have no digit of their own (one in 40 of 16 bytes, one in 230 of 24): 22 and 32 characters.
    for (const bytes of [16, 24]) {
      let found = 0;
      while (found < 100) {
        const token = randomBytes(bytes).toString('base64url');
        if (/\d/.test(token)) continue;
        found++;
        expect(pathRoute(`/api-v2/payments/webhooks/mpesa/${token}`)).toBe('/api-v2/payments/webhooks/mpesa/:key');
      }
    }
    expect(pathRoute('/user/AbCdEfGhIjKlMn')).toBe('/user/:key');
    expect(pathRoute('/user/abcdefgh_ijklmnop')).toBe('/user/:key');
    // A slug with a number is one of many; a route's own words (every page's and endpoint's) stay.
    expect(pathRoute('/article/dry-white-maize-grade-1')).toBe('/article/:key');
    for (const path of [
      '/public-company-profile',
      '/user/profile/cabinet-cards/money-cards',
      '/api-v2/company-document-type-with-cat',
      '/api-v2/user/resend-email-confirmation',
      '/terms-and-conditions',
      '/api-v2/wallet/transactions.csv',
      '/sitemap-warehouses.xml',
    ])
      expect(pathRoute(path)).toBe(path);
  });
});
