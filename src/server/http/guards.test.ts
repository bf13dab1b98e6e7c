import { describe, expect, it } from 'vitest';
import { createTranslator } from '~/i18n/t';
import { loginUrl, requireGuest, requireSignedIn, signInRedirect } from './guards';

function context(user: App.Locals['user'], locale: App.Locals['locale'], path: string, search = '') {
  return {
    locals: { user, locale, path, t: createTranslator(locale), money: null },
    url: new URL(`http://localhost${path}${search}`),
    redirect: (to: string, status = 302) => new Response(null, { status, headers: { Location: to } }),
  };
}

describe('page guards', () => {
  it('sends a logged-out visitor of a protected page to login, remembering the localized path', () => {
    const response = requireSignedIn(context(null, 'sw', '/user/offers', '?tab=active'));
    expect(response?.status).toBe(302);
    expect(response?.headers.get('Location')).toBe(
      `/sw/signin/login?redirect=${encodeURIComponent('/sw/user/offers?tab=active')}`,
    );
    // Whether the page redirects depends on the cookie: no shared cache may keep the answer.
    expect(response?.headers.get('Cache-Control')).toBe('private, no-store');
    const direct = signInRedirect(context(null, 'fr', '/user/profile/deals', '?page=2'));
    expect(direct.headers.get('Location')).toBe(
      `/fr/signin/login?redirect=${encodeURIComponent('/fr/user/profile/deals?page=2')}`,
    );
    expect(direct.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('lets a signed-in user through a protected page and sends them home from a guest-only page', () => {
    const user: App.Locals['user'] = {
      id: 1,
      email: 'a@b.c',
      phone: null,
      firstName: 'Amina',
      emailVerified: true,
      currencyId: 3,
      phoneVerified: false,
      tier: 'basic',
      role: 'user',
      locale: 'fr',
      scope: [],
      sessionId: 1,
    };
    expect(requireSignedIn(context(user, 'en', '/user/offers'))).toBeUndefined();
    expect(requireGuest(context(user, 'fr', '/signin/login'))?.headers.get('Location')).toBe('/fr');
    expect(requireGuest(context(null, 'fr', '/signin/login'))).toBeUndefined();
  });

  it('drops an unsafe return path from the login link', () => {
    expect(loginUrl('en', '//evil.example')).toBe('/signin/login');
    expect(loginUrl('en', '/board')).toBe('/signin/login?redirect=%2Fboard');
  });
});
