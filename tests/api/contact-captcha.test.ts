import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactMessages } from '~/server/db/schema';
import { loadContactPage } from '~/server/loaders/contact';
import { uniqueEmail } from '../fixtures/accounts';
import { apiRequest, form } from '../fixtures/api';
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

const fields = (email: string, captcha?: string) => ({
  name: 'Kofi',
  email,
  topic: 'general',
  message: 'Is there a market for cashew in Bouaké?',
  ...(captcha ? { captcha_token: captcha } : {}),
});
const stored = (email: string) =>
  database.handle().db.select().from(contactMessages).where(eq(contactMessages.email, email));

describe('the bot check on the contact form, when configured', () => {
  it('the API refuses a message without a passed check and takes one with it', async () => {
    const send = (body: Record<string, string>) =>
      apiRequest('/contact/send', {
        method: 'POST',
        body: form(body),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
    const bot = uniqueEmail('bot');
    const refused = await send(fields(bot, 'forged'));
    expect(refused.status).toBe(400);
    expect(refused.json.errors.captcha_token).toBeDefined();
    expect(await stored(bot)).toEqual([]);
    const human = uniqueEmail('human');
    expect((await send(fields(human, 'token-from-the-widget'))).status).toBe(200);
    expect(await stored(human)).toHaveLength(1);
  });

  it('the page shows the widget and refuses a post without a passed check', async () => {
    const cookies = new TestCookies();
    const page = await loadContactPage(formRequest('/contact-us', { cookies }));
    expect('view' in page && page.view.captcha).toEqual({ provider: 'turnstile', siteKey: 'site-key' });
    const bot = uniqueEmail('bot');
    const refused = await loadContactPage(formRequest('/contact-us', { cookies, fields: fields(bot) }));
    if ('redirect' in refused) throw new Error('a post without the check went through');
    expect(refused.status).toBe(400);
    expect(refused.view.form.problem).toContain('Failed to execute the security check.');
    expect(await stored(bot)).toEqual([]);
    const passed = await loadContactPage(
      formRequest('/contact-us', { cookies, fields: fields(uniqueEmail('human'), 'token-from-the-widget') }),
    );
    expect(passed.status).toBe(303);
  });
});
