import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './test';

const fr: Record<string, string> = JSON.parse(readFileSync('locales/fr.json', 'utf8'));

test.describe('[CHAT] the "messages" notification switch', () => {
  test('a member turns chat notices off in French, the choice survives a reload, and turns them on again', async ({
    page,
  }) => {
    const baseURL = test.info().project.use.baseURL!;
    const login = await page.request.post('/api-v2/user/login', {
      form: { email: 'demo-basic@mavuno.test', password: 'mavuno-demo' },
      headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
    });
    expect(login.status()).toBe(200);

    await page.goto('/fr/user/profile/user#notifications');
    const toggle = page.getByRole('switch', { name: fr['profile.notify_messages'] });
    await toggle.scrollIntoViewIfNeeded();
    await expect(page.getByText(fr['profile.notify_messages_hint'])).toBeVisible();
    // Hydrated: the island's switches are enabled and answer clicks.
    await expect(page.locator('astro-island', { has: toggle })).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
    await expect(toggle).toBeChecked();

    await toggle.click();
    await expect(page.getByText(fr['profile.notify_changed'])).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: fr['profile.notify_messages'] })).not.toBeChecked();
    // The other switches are untouched.
    await expect(page.getByRole('switch', { name: fr['cabinet.notify_deals'] })).toBeChecked();

    const again = page.getByRole('switch', { name: fr['profile.notify_messages'] });
    await again.scrollIntoViewIfNeeded();
    await expect(page.locator('astro-island', { has: again })).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
    await again.click();
    await expect(again).toBeChecked();
    await expect(page.getByText(fr['profile.notify_changed'])).toBeVisible();
  });
});
