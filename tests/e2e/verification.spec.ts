import { expect, type Page } from '@playwright/test';
import { test } from './test';

/** Signs in through the API, so the browser context holds the session cookie. */
async function signIn(page: Page, email: string) {
  const baseURL = test.info().project.use.baseURL!;
  const response = await page.request.post('/api-v2/user/login', {
    form: { email, password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
  });
  expect(response.status()).toBe(200);
}

test.describe('[VERIFICATION] badges and the verifications page', () => {
  test('demo badges show on lot cards and lead to the record on the public profile, without JavaScript', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/board');
    const badge = page.locator('a[data-verification-badge]').first();
    await expect(badge).toBeVisible();
    await badge.click();
    await expect(page).toHaveURL(/\/public-profile\/\d+#verification-\d+$/);
    await expect(page.getByRole('heading', { name: 'Verifications' })).toBeVisible();
    await expect(page.getByText('Identity verified by Mavuno').first()).toBeVisible();
    await context.close();
  });

  test('a verifier cooperative’s administrator sees the queue and verifies a member by referral code with a plain form; platform staff verify only in the back office', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // demo-silver runs the demo verifier cooperative; demo-buyer (DEMOBUY4) belongs to another company.
    await signIn(page, 'demo-silver@mavuno.test');
    await page.goto('/user/profile/verifications');
    await expect(page.getByTestId('verification-queue')).toBeVisible();
    await page.getByLabel("The member's referral code").fill('DEMOBUY4');
    await page.locator('#referral-type').selectOption('phone');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByTestId('verification-done')).toContainText('User verified');
    // The cabinet card opens the page.
    await page.goto('/user/profile/cabinet-cards/verifications');
    await expect(page).toHaveURL(/\/user\/profile\/verifications$/);
    await context.close();

    // On the member pages a staff member is no verifier (docs/companies.md "Who verifies"): no queue here.
    const staff = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await signIn(staff, 'demo-admin@mavuno.test');
    await staff.goto('/user/profile/verifications');
    await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(staff.getByTestId('verification-queue')).toHaveCount(0);
    await staff.context().close();
  });
});
