import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './test';

const sw: Record<string, string> = JSON.parse(readFileSync('locales/sw.json', 'utf8'));
const en: Record<string, string> = JSON.parse(readFileSync('locales/en.json', 'utf8'));
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The island holding `inside` has hydrated (another island of the page hydrating first proves nothing). */
async function hydrated(inside: Locator) {
  const island = inside.page().locator('astro-island', { has: inside }).last();
  await expect(island).not.toHaveAttribute('ssr', /.*/, { timeout: 30_000 });
}

/** The PIN of the last SMS to `phone`, read from the development mailbox (the SMS is in Swahili). */
async function pinFromMailbox(page: Page, phone: string) {
  const mailbox = await page.context().newPage();
  await mailbox.goto('/dev/mailbox');
  const template = sw['accounts.pin_sms#other'].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(template.replace('\\{\\{pin\\}\\}', '(\\d{4})').replace('\\{\\{count\\}\\}', '\\d+'));
  // The newest SMS to this phone: other tests running at the same time text other phones.
  const sms = mailbox
    .getByRole('region', { name: en['mailbox.sms_title'] })
    .getByRole('listitem')
    .filter({ hasText: phone });
  const pin = pattern.exec((await sms.first().textContent()) ?? '')?.[1];
  await mailbox.close();
  expect(pin).toBeTruthy();
  return pin!;
}

test.describe('[ACCOUNTS] sign-up wizard to sign-in', () => {
  test('sign up through the advanced wizard in Swahili, confirm the e-mail, log out, log in with remember-me and land on the page first asked for', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const email = `wizard-${unique()}@mavuno.test`;
    const phone = `+2547${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;

    // A protected page first: it sends the visitor to sign in, remembering where they wanted to go.
    await page.goto('/sw/user/profile/user');
    await expect(page).toHaveURL(/\/sw\/signin\/login\?redirect=%2Fsw%2Fuser%2Fprofile%2Fuser/);

    await page.goto('/sw/signin/signup-steps?trader_status=farmer');
    // Before it hydrates, Start is the no-JS form's submit, which goes to the short sign-up form instead.
    await hydrated(page.getByLabel(sw['signup.path_full']));
    await page.getByLabel(sw['signup.path_full']).check();
    await page.getByRole('button', { name: sw['signup.start'], exact: true }).click();

    await page.getByLabel(sw['auth.field_first_name']).fill('Neema');
    await page.getByRole('button', { name: sw['signup.next'] }).click();

    await page.getByLabel(sw['auth.field_phone']).fill(phone);
    await page.getByRole('button', { name: sw['signup.pin_send'] }).click();
    await page.getByLabel(sw['signup.pin_label']).fill(await pinFromMailbox(page, phone));
    await page.getByRole('button', { name: sw['signup.pin_confirm'] }).click();
    await page.getByRole('button', { name: sw['signup.next'] }).click();

    await page.getByLabel(sw['auth.field_email']).fill(email);
    await page.getByRole('button', { name: sw['signup.next'] }).click();

    // The Kenyan number preselected the country (and, on the next steps, the currency).
    await expect(page.getByLabel(sw['address.country']).locator('option:checked')).toHaveText('Kenya');
    await page.getByLabel(sw['address.country']).selectOption({ label: 'Kenya' });
    await page.getByLabel(sw['address.region']).selectOption({ label: 'Nakuru' });
    await page.getByLabel(sw['address.village'], { exact: true }).selectOption({ index: 1 });
    await page.getByRole('button', { name: sw['signup.next'] }).click();

    // Language and currency keep their defaults: the page's language, the phone number's currency.
    await expect(
      page.getByRole('main').getByLabel(sw['signup.language'], { exact: true }).locator('option:checked'),
    ).toHaveText('Kiswahili');
    await expect(
      page.getByRole('main').getByLabel(sw['signup.currency'], { exact: true }).locator('option:checked'),
    ).toContainText('KES');
    await page.getByRole('button', { name: sw['signup.next'] }).click();
    await page.getByLabel(sw['accounts.activity_crop_farming']).check();
    await page.getByRole('button', { name: sw['signup.next'] }).click();
    await page.getByLabel(sw['signup.farm_size']).fill('2.5');
    await page.getByRole('button', { name: sw['signup.next'] }).click();
    // Gender and age are optional.
    await page.getByRole('button', { name: sw['signup.next'] }).click();

    await page.getByRole('textbox', { name: sw['auth.field_password'], exact: true }).fill('mavuno-2026');
    await page.getByLabel(sw['auth.field_password_repeat']).fill('mavuno-2026');
    await page.getByRole('button', { name: sw['auth.signup_submit'] }).click();
    await expect(page.getByRole('link', { name: sw['signup.continue'] })).toBeVisible();

    // Confirm the e-mail from the outbox.
    await page.goto('/dev/mailbox');
    await page
      .locator('article')
      .filter({ hasText: email })
      .first()
      .getByRole('link', { name: /confirm-email/ })
      .click();
    await expect(page).toHaveURL(/\/sw\/success-verification$/);

    // Log out from the user menu.
    await page.goto('/sw/faq');
    await page.getByRole('banner').locator('summary').filter({ hasText: sw['auth.user_menu'] }).click();
    await page.getByRole('banner').getByRole('button', { name: sw['auth.log_out'] }).click();
    await expect(page).toHaveURL(/\/sw$/);
    expect((await context.cookies()).find((c) => c.name === 'mavuno_session')).toBeUndefined();

    // Ask for the protected page again, sign in with remember-me, land back on it.
    await page.goto('/sw/user/profile/user');
    await expect(page).toHaveURL(/\/sw\/signin\/login\?redirect=/);
    await page.getByLabel(sw['auth.field_login']).fill(email);
    await page.getByRole('textbox', { name: sw['auth.field_password'], exact: true }).fill('mavuno-2026');
    await page.getByLabel(sw['auth.login_remember']).check();
    await page.getByRole('button', { name: sw['auth.sign_in'], exact: true }).click();
    await expect(page).toHaveURL(/\/sw\/user\/profile\/user$/);
    const session = (await context.cookies()).find((c) => c.name === 'mavuno_session');
    expect(session?.httpOnly).toBe(true);
    expect(session!.expires - Date.now() / 1000).toBeGreaterThan(80 * 24 * 3600);
    // Both contacts are confirmed: no blinking alert.
    await expect(page.getByRole('img', { name: sw['auth.verify_alert'] })).toHaveCount(0);
  });

  test('a wrong password says so, and an unsafe return path is ignored after login', async ({ page, baseURL }) => {
    await page.goto(`/signin/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
    await page.getByLabel(en['auth.field_login']).fill('demo-basic@mavuno.test');
    await page.getByRole('textbox', { name: en['auth.field_password'], exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: en['auth.sign_in'], exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('E-mail or password is incorrect. Try again.');
    await page.getByRole('textbox', { name: en['auth.field_password'], exact: true }).fill('mavuno-demo');
    await page.getByRole('button', { name: en['auth.sign_in'], exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
  });
});
