import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './test';

const sw: Record<string, string> = JSON.parse(readFileSync('locales/sw.json', 'utf8'));

/** The news e-mails' settings (docs/articles.md "News e-mails") as a plain form, without JavaScript. */
test.describe('[NEWS] the news categories a member follows', () => {
  test.use({ javaScriptEnabled: false });

  test('a member chooses the news they follow in Swahili without JavaScript, and the choice is kept', async ({
    page,
  }) => {
    const baseURL = test.info().project.use.baseURL!;
    const login = await page.request.post('/api-v2/user/login', {
      form: { email: 'demo-buyer@mavuno.test', password: 'mavuno-demo' },
      headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
    });
    expect(login.status()).toBe(200);

    await page.goto('/sw/user/profile/user#notifications');
    const policy = page.getByRole('checkbox', { name: sw['articles.category.policy'] });
    const advice = page.getByRole('checkbox', { name: sw['articles.category.advice'] });
    // Every category is followed by default.
    await expect(policy).toBeChecked();
    await expect(advice).toBeChecked();
    await policy.uncheck();
    await page.getByRole('button', { name: sw['profile.notify_save'] }).click();

    await expect(page).toHaveURL(/\/sw\/user\/profile\/user\?notifications=saved/);
    await expect(page.getByText(sw['profile.notify_changed'])).toBeVisible();
    await expect(page.getByRole('checkbox', { name: sw['articles.category.policy'] })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: sw['articles.category.advice'] })).toBeChecked();
    await expect(page.getByRole('switch', { name: sw['profile.notify_news'] })).toBeChecked();

    // Back to every category, for the next run on the same data.
    await page.getByRole('checkbox', { name: sw['articles.category.policy'] }).check();
    await page.getByRole('button', { name: sw['profile.notify_save'] }).click();
    await expect(page.getByRole('checkbox', { name: sw['articles.category.policy'] })).toBeChecked();
  });
});
