import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, type Response } from '@playwright/test';
import { test } from './test';

const dictionary = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8'));
const en = dictionary('en');
const sw = dictionary('sw');
const fr = dictionary('fr');
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An account made through the API (tokens in the answer, no cookie for this browser). */
async function accountFor(request: APIRequestContext, locale: string) {
  const email = `nojs-${unique()}@mavuno.test`;
  const response = await request.post('/api-v2/user/signup/', {
    form: {
      'SignupForm[first_name]': 'Zawadi',
      'SignupForm[email]': email,
      'SignupForm[password]': 'mavuno-2026',
      'SignupForm[password_repeat]': 'mavuno-2026',
      'SignupForm[trader_status]': 'farmer',
      'SignupForm[locale]': locale,
    },
  });
  expect(response.status()).toBe(200);
  return email;
}

const passwordBox = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

test.describe('[ACCOUNTS] without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('sign up in French: the wizard’s Start leads to the short form, mistakes come back beside their fields, country and currency follow the phone', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/fr/signin/signup-steps?trader_status=farmer');
    // A browser without scripts shows this note (Playwright's switch turns scripts off but does not show <noscript>).
    expect(await page.locator('main noscript').textContent()).toContain(fr['signup.no_script']);
    const farmer = page.getByRole('radio', { name: new RegExp(escapeRegExp(fr['auth.kind_farmer'])) });
    await expect(farmer).toBeChecked();
    await page.getByRole('button', { name: fr['signup.start'] }).click();
    await expect(page).toHaveURL(/\/fr\/signin\/signup\?trader_status=farmer/);
    await expect(page.getByRole('radio', { name: new RegExp(escapeRegExp(fr['auth.kind_farmer'])) })).toBeChecked();

    // Told before finishing: selling needs the silver tier, and where to ask for it.
    const notice = page.getByTestId('silver-notice');
    await expect(notice).toContainText(fr['signup.silver_title']);
    await expect(notice.getByRole('link', { name: fr['signup.silver_link'] })).toHaveAttribute('href', '/fr/user/pro');

    const phone = `+22507${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
    await page.getByLabel(fr['auth.field_first_name']).fill('Aya');
    await page.getByLabel(fr['auth.field_email']).fill('demo-basic@mavuno.test');
    await page.getByLabel(fr['auth.field_phone']).fill(phone);
    await passwordBox(page, fr['auth.field_password']).fill('recolte-2026');
    await passwordBox(page, fr['auth.field_password_repeat']).fill('recolte-2026');
    await page.getByRole('button', { name: fr['auth.signup_submit'] }).click();

    // Refused: the address is taken. The page says so beside the field, keeps what was typed but the passwords.
    await expect(page.locator('#signup-email-error')).toHaveText(fr['accounts.email_taken']);
    await expect(page.getByLabel(fr['auth.field_email'])).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(fr['auth.field_first_name'])).toHaveValue('Aya');
    await expect(page.getByLabel(fr['auth.field_phone'])).toHaveValue(phone);
    await expect(passwordBox(page, fr['auth.field_password'])).toHaveValue('');
    // What the phone number chooses is named where country and currency are left to it.
    await expect(page.getByLabel(fr['signup.country'])).toContainText(fr['signup.from_phone_named'].split('{{')[0]);

    const email = `aya-${unique()}@mavuno.test`;
    await page.getByLabel(fr['auth.field_email']).fill(email);
    await passwordBox(page, fr['auth.field_password']).fill('recolte-2026');
    await passwordBox(page, fr['auth.field_password_repeat']).fill('recolte-2026');
    await page.getByRole('button', { name: fr['auth.signup_submit'] }).click();
    await expect(page).toHaveURL(/\/fr\/user\/profile\/deals$/);
    await expect(page.getByRole('banner').getByText(fr['auth.user_menu'])).toBeAttached();
    const session = (await context.cookies()).find((cookie) => cookie.name === 'mavuno_session');
    expect(session?.httpOnly).toBe(true);

    // +225: Côte d'Ivoire and the CFA franc (XOF).
    const settings = await (await page.request.get('/api-v2/user/profile-settings-data/')).json();
    const countries = (await (await page.request.get('/api-v2/country-dropdown')).json()).items;
    const currencies = (await (await page.request.get('/api-v2/bank-currency/user-currency-dropdown')).json()).items;
    expect(countries.find((c: { id: number }) => c.id === settings.country_id)?.code).toBe('CI');
    expect(currencies.find((c: { id: number }) => c.id === settings.currency_id)?.code).toBe('XOF');
    expect(settings.user_main_info.locale).toBe('fr');
  });

  test('sign in from a protected page: a wrong password is said on the page, the right one leads back there', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const email = await accountFor(page.request, 'en');
    await page.goto('/user/profile/user');
    await expect(page).toHaveURL(/\/signin\/login\?redirect=%2Fuser%2Fprofile%2Fuser$/);

    await page.getByLabel(en['auth.field_login']).fill(email);
    await passwordBox(page, en['auth.field_password']).fill('wrong-password');
    await page.getByRole('button', { name: en['auth.sign_in'], exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(en['accounts.wrong_credentials']);
    await expect(page.getByLabel(en['auth.field_login'])).toHaveValue(email);
    await expect(passwordBox(page, en['auth.field_password'])).toHaveValue('');
    expect((await context.cookies()).find((cookie) => cookie.name === 'mavuno_session')).toBeUndefined();

    await passwordBox(page, en['auth.field_password']).fill('mavuno-2026');
    await page.getByRole('button', { name: en['auth.sign_in'], exact: true }).click();
    await expect(page).toHaveURL(/\/user\/profile\/user$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === 'mavuno_session')?.httpOnly).toBe(true);
  });

  test('forgot and reset the password in Swahili with the link from the mailbox, then sign in with the new one', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = await accountFor(page.request, 'sw');
    await page.goto('/sw/signin/forgot-password');
    // The field takes an e-mail address or a phone number (a link by SMS): this is neither.
    await page.getByLabel(sw['auth.field_login']).fill('not-an-address');
    await page.getByRole('button', { name: sw['auth.forgot_submit'] }).click();
    await expect(page.locator('#forgot-email-error')).toHaveText(sw['accounts.email_or_phone']);

    await page.getByLabel(sw['auth.field_login']).fill(email);
    await page.getByRole('button', { name: sw['auth.forgot_submit'] }).click();
    await expect(page.getByRole('status')).toContainText(sw['auth.forgot_sent']);

    await page.goto('/dev/mailbox');
    await page
      .locator('article')
      .filter({ hasText: email })
      .first()
      .getByRole('link', { name: /reset-password/ })
      .click();
    await expect(page).toHaveURL(/\/sw\/signin\/reset-password\?token=/);

    await passwordBox(page, sw['auth.field_new_password']).fill('mpya-2026');
    await passwordBox(page, sw['auth.field_password_repeat']).fill('nyingine');
    await page.getByRole('button', { name: sw['auth.reset_submit'] }).click();
    await expect(page.locator('#reset-password-repeat-error')).toHaveText(sw['accounts.passwords_differ']);

    await passwordBox(page, sw['auth.field_new_password']).fill('mpya-2026');
    await passwordBox(page, sw['auth.field_password_repeat']).fill('mpya-2026');
    await page.getByRole('button', { name: sw['auth.reset_submit'] }).click();
    await expect(page).toHaveURL(/\/sw\/signin\/login\?reset=done$/);
    await expect(page.getByRole('status')).toHaveText(sw['auth.reset_done']);

    // The old password no longer works; the new one does.
    await page.getByLabel(sw['auth.field_login']).fill(email);
    await passwordBox(page, sw['auth.field_password']).fill('mavuno-2026');
    await page.getByRole('button', { name: sw['auth.sign_in'], exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(sw['accounts.wrong_credentials']);
    await passwordBox(page, sw['auth.field_password']).fill('mpya-2026');
    await page.getByRole('button', { name: sw['auth.sign_in'], exact: true }).click();
    await expect(page).toHaveURL(/\/sw$/);
  });
});

test.describe('[ACCOUNTS] with JavaScript: a light sign-in page, sign-up defaults, honest sell buttons', () => {
  test('hydrates no island and loads at most 40 KiB of script (gzip -9 of every script it runs)', async ({ page }) => {
    const responses: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    await page.goto('/signin/login', { waitUntil: 'networkidle' });
    const scripts = new Map(await Promise.all(responses.map(async (r) => [r.url(), await r.body()] as const)));
    await expect(page.locator('astro-island')).toHaveCount(0);
    // The enhancement ran (the show-password button appears only then) and brought no React with it.
    await expect(page.getByRole('button', { name: en['auth.form_show_password'] })).toBeVisible();
    const inline = await page
      .locator('script:not([src])')
      .evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
    const bodies = [...scripts.values(), ...inline.map((text) => Buffer.from(text))];
    const gzipped = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    expect(scripts.size).toBeGreaterThan(0);
    expect([...scripts.keys()].some((url) => /react|client\.[\w-]+\.js/.test(url))).toBe(false);
    expect(gzipped).toBeLessThanOrEqual(40 * 1024);
  });

  test('the short form preselects country and currency from the phone prefix until the person picks them', async ({
    page,
  }) => {
    const ids = async (path: string) =>
      Object.fromEntries(
        ((await (await page.request.get(path)).json()).items as { id: number; code: string }[]).map((item) => [
          item.code,
          String(item.id),
        ]),
      );
    const country = await ids('/api-v2/country-dropdown');
    const currency = await ids('/api-v2/bank-currency/user-currency-dropdown');
    await page.goto('/signin/signup');
    const phone = page.getByLabel(en['auth.field_phone']);
    // Exact: the footer's display-currency chooser offers "Only the seller's currency".
    const countrySelect = page.getByLabel(en['signup.country'], { exact: true });
    const currencySelect = page.getByLabel(en['signup.currency'], { exact: true });
    await expect(countrySelect).toHaveValue('');

    await phone.fill('+255 7');
    await expect(countrySelect).toHaveValue(country.TZ);
    await expect(currencySelect).toHaveValue(currency.TZS);
    await phone.fill('+225');
    await expect(countrySelect).toHaveValue(country.CI);
    await expect(currencySelect).toHaveValue(currency.XOF);

    // Picked by hand: the currency stays, the country still follows the number.
    await currencySelect.selectOption(currency.USD);
    await phone.fill('+254 712');
    await expect(countrySelect).toHaveValue(country.KE);
    await expect(currencySelect).toHaveValue(currency.USD);
  });

  test('a basic member is told at the "add a lot" buttons that selling needs the silver check', async ({ page }) => {
    const baseURL = test.info().project.use.baseURL!;
    const login = await page.request.post('/api-v2/user/login', {
      form: { email: 'demo-basic@mavuno.test', password: 'mavuno-demo' },
      headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
    });
    expect(login.status()).toBe(200);
    await page.goto('/board');
    const add = page.getByRole('link', { name: new RegExp(escapeRegExp(en['catalogue.add_lot'])) }).first();
    await expect(add).toContainText(en['sell.needs_silver']);
    const note = page.getByTestId('sell-needs-silver');
    await expect(note).toContainText(en['sell.silver_note']);
    await expect(note.getByRole('link')).toHaveAttribute('href', '/user/pro');
    // Machinery is open to every member: no such note there.
    await page.goto('/agrotechnic');
    await expect(page.getByTestId('sell-needs-silver')).toHaveCount(0);
    await expect(
      page.getByRole('link', { name: new RegExp(escapeRegExp(en['catalogue.add_lot'])) }).first(),
    ).not.toContainText(en['sell.needs_silver']);
  });

  test('checks the short form in the page’s language before sending it, and shows a password on request', async ({
    page,
  }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.goto('/sw/signin/signup');
    await page.getByRole('button', { name: sw['auth.signup_submit'] }).click();
    await expect(page.locator('#signup-first-name-error')).toHaveText(sw['validation.required']);
    await expect(page.locator('#signup-email-error')).toHaveText(sw['accounts.email_or_phone']);
    await expect(page.locator('#signup-trader-status-error')).toHaveText(sw['accounts.choose_kind']);
    await expect(page.getByLabel(sw['auth.field_first_name'])).toBeFocused();
    expect(posts).toEqual([]);

    const password = passwordBox(page, sw['auth.field_password']);
    await password.fill('siri-yangu');
    await page.getByRole('button', { name: sw['auth.form_show_password'] }).first().click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: sw['auth.form_hide_password'] }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });
});
