import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '~/server/db/schema';
import { loadForgotPasswordPage, loadSignupPage } from '~/server/loaders/auth-pages';
import { uniqueEmail } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { useEnvironment } from '../fixtures/use-environment';
import { TestCookies, formRequest } from '../fixtures/forms';

// This file runs with a bot check configured (Turnstile); the provider answers from the stub below.
useEnvironment({
  TRUST_PROXY: 'true',
  CAPTCHA_PROVIDER: 'turnstile',
  CAPTCHA_SITE_KEY: 'site-key',
  CAPTCHA_SECRET: 'secret',
});

const database = useTestDatabase();
beforeAll(() => {
  vi.stubGlobal('fetch', async (_url: string, init: { body: URLSearchParams }) =>
    Response.json({ success: init.body.get('response') === 'token-from-the-widget' }),
  );
});
afterAll(() => vi.unstubAllGlobals());

describe('the bot check on form posts, when configured', () => {
  it('refuses a sign-up without a passed check, as the API does, and accepts one with it', async () => {
    const cookies = new TestCookies();
    const page = await loadSignupPage(formRequest('/signin/signup', { cookies }));
    expect('view' in page && page.view.captcha).toEqual({ provider: 'turnstile', siteKey: 'site-key' });
    const fields = (email: string) => ({
      first_name: 'Amina',
      email,
      password: 'harvest-2026',
      password_repeat: 'harvest-2026',
      trader_status: 'farmer',
    });

    const without = uniqueEmail('bot');
    const refused = await loadSignupPage(formRequest('/signin/signup', { cookies, fields: fields(without) }));
    if ('redirect' in refused) throw new Error('a sign-up without the check went through');
    expect(refused.status).toBe(400);
    expect(refused.view.form.problem).toContain('Failed to execute the security check.');
    expect(await database.handle().db.select().from(users).where(eq(users.email, without))).toEqual([]);

    const checked = await loadSignupPage(
      formRequest('/signin/signup', {
        cookies,
        fields: { ...fields(uniqueEmail('human')), captcha_token: 'token-from-the-widget' },
      }),
    );
    expect(checked.status).toBe(303);
  });

  it('refuses a reset e-mail without a passed check', async () => {
    const cookies = new TestCookies();
    await loadForgotPasswordPage(formRequest('/signin/forgot-password', { cookies }));
    const refused = await loadForgotPasswordPage(
      formRequest('/signin/forgot-password', {
        cookies,
        fields: { email: uniqueEmail('bot'), captcha_token: 'forged' },
      }),
    );
    expect(refused.status).toBe(400);
    const passed = await loadForgotPasswordPage(
      formRequest('/signin/forgot-password', {
        cookies,
        fields: { email: uniqueEmail('human'), captcha_token: 'token-from-the-widget' },
      }),
    );
    expect(passed.status).toBe(303);
  });
});
