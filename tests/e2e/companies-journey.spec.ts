import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './test';
import { signInStaff } from './staff';

const dictionary = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8'));
const en = dictionary('en');
const sw = dictionary('sw');
const fr = dictionary('fr');
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

/** A new member (signed up through the API) in a browser of their own, signed in by cookie; no JavaScript. */
async function newMember(browser: Browser, traderStatus: string, locale: string, firstName: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `company-${unique()}@mavuno.test`;
  const signup = await page.request.post('/api-v2/user/signup/', {
    form: {
      'SignupForm[first_name]': firstName,
      'SignupForm[email]': email,
      'SignupForm[password]': 'mavuno-2026',
      'SignupForm[password_repeat]': 'mavuno-2026',
      'SignupForm[trader_status]': traderStatus,
      'SignupForm[locale]': locale,
    },
  });
  expect(signup.status()).toBe(200);
  await signIn(page, email, 'mavuno-2026');
  return page;
}

async function signIn(page: Page, email: string, password: string) {
  const response = await page.request.post('/api-v2/user/login', {
    form: { email, password },
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
  });
  expect(response.status()).toBe(200);
}

test.describe('[COMPANIES] a cooperative forms its team and verifies a farmer', () => {
  test('created in Swahili, the farmer invited by referral code accepts in French; the cooperative verifies a farmer outside its team (never its own member), and the badge shows on the lot card; the directory finds the cooperative without JavaScript', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const origin = { Origin: test.info().project.use.baseURL! };
    const coopName = `Ushirika wa Nakuru ${unique()}`;
    const representative = await newMember(browser, 'cooperative', 'sw', 'Neema');
    const farmer = await newMember(browser, 'farmer', 'fr', 'Amani');

    // The representative creates the cooperative in Swahili (a plain form), then places it in its region.
    await representative.goto('/sw/user/profile/company');
    await representative.getByLabel(sw['company_page.field_title']).fill(coopName);
    await representative.getByLabel(sw['company_page.field_entity_number']).fill(`CS/${unique()}`);
    await representative.getByLabel(sw['company_page.field_type']).selectOption('1');
    await representative.getByLabel(sw['address.country']).selectOption({ label: 'Kenya' });
    await representative.getByRole('button', { name: sw['company_page.create_submit'] }).click();
    await expect(representative).toHaveURL(/\/sw\/user\/profile\/company\?done=create/);
    await representative.getByLabel(sw['address.region']).selectOption({ label: 'Nakuru' });
    await representative.getByRole('button', { name: sw['company_page.save'] }).click();
    await expect(representative).toHaveURL(/done=update/);
    const mine = await (await representative.request.get('/api-v2/company/my-company')).json();
    expect(mine.company).toMatchObject({ title: coopName, type_id: 1 });

    // It invites the farmer by their referral code; the farmer accepts in French.
    const { referral_code: referralCode } = await (
      await farmer.request.get('/api-v2/user/profile-settings-data')
    ).json();
    await representative.getByLabel(sw['company_page.invite_label']).fill(referralCode);
    await representative.getByRole('button', { name: sw['company_page.invite_submit'] }).click();
    await expect(representative).toHaveURL(/done=invite/);
    await farmer.goto('/fr/user/profile/company');
    await expect(farmer.locator('main')).toContainText(coopName);
    await farmer.getByRole('button', { name: fr['company_page.accept'] }).click();
    await expect(farmer).toHaveURL(/\/fr\/user\/profile\/company\?done=/);
    await expect(farmer.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(farmer.locator('main')).toContainText(coopName);

    // The farmer fills in their farmer profile in French (a decimal comma, as the French write it); search engines
    // read its crops in the public profile's description.
    await farmer.goto('/fr/farmer-profile-form');
    await farmer.getByLabel(fr['profile_forms.farm_size'], { exact: true }).fill('2,5');
    const crop = farmer.getByRole('group', { name: fr['profile_forms.crops'] }).getByRole('checkbox').first();
    const cropName = ((await crop.locator('xpath=..').textContent()) ?? '').trim();
    await crop.check();
    await farmer.getByRole('group', { name: fr['profile_forms.seasons'] }).getByRole('checkbox').first().check();
    await farmer.getByRole('button', { name: fr['profile_forms.save'] }).click();
    await expect(farmer.locator('main')).toContainText(fr['profile_forms.saved']);
    const { id: farmerId } = await (await farmer.request.get('/api-v2/user/index')).json();
    await farmer.goto(`/fr/public-profile/${farmerId}`);
    await expect(farmer.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(cropName));

    // The platform marks the cooperative as a verifier (staff, past the back office's second factor); its
    // representative verifies the farmer by referral code.
    const admin = await (await browser.newContext()).newPage();
    await signInStaff(admin.request, 'demo-admin@mavuno.test');
    const marked = await admin.request.post('/api-v2/company/set-verifier', {
      headers: origin,
      form: { id: mine.company.id, is_verifier: 1 },
    });
    expect(marked.status()).toBe(200);
    const verifyByReferral = async (code: string) => {
      await representative.goto('/sw/user/profile/verifications');
      await representative.getByLabel(sw['verification.field_referral_code']).fill(code);
      await representative.locator('#referral-type').selectOption('farm_visit');
      await representative.getByRole('button', { name: sw['verification.referral_submit'] }).click();
    };
    // Its own team member is not the cooperative's to verify (docs/companies.md "Who verifies").
    await verifyByReferral(referralCode);
    await expect(representative.locator('main')).toContainText(sw['verification.own_colleague']);
    // A farmer outside the team is.
    const neighbour = await newMember(browser, 'farmer', 'fr', 'Baraka');
    const { referral_code: neighbourCode } = await (
      await neighbour.request.get('/api-v2/user/profile-settings-data')
    ).json();
    await verifyByReferral(neighbourCode);
    await expect(representative).toHaveURL(/done=verified/);

    // That farmer's lot card (a sprayer for sale: machinery is open to every member) says what was verified and by
    // whom.
    const lotTitle = `Bomba la kunyunyizia ${unique()}`;
    const created = await neighbour.request.post('/api-v2/technic-list/create-quote', {
      headers: { 'X-Session-Mode': 'cookie', ...origin },
      form: {
        'TechnicList[type]': 'sell',
        'TechnicList[category_id]': 2,
        'TechnicList[title]': lotTitle,
        'TechnicList[volume]': 1,
        'TechnicList[per_unit_id]': 13,
        'TechnicList[price]': 4500,
        'TechnicList[price_type]': 'fixed',
        'TechnicList[currency_id]': 1,
        'TechnicList[country_id]': mine.company.country_id,
        'TechnicList[latitude]': -0.3,
        'TechnicList[longitude]': 36.07,
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await visitor.goto(`/agrotechnic?q=${encodeURIComponent(lotTitle)}`);
    const card = visitor.locator('article').filter({ hasText: lotTitle });
    await expect(card).toHaveCount(1);
    await expect(card.locator('[data-verification-badge]')).toHaveAttribute(
      'title',
      en['verification.verified_by_company_farm_visit'].replace('{{company}}', coopName),
    );

    // The directory, without JavaScript: by name, then by region.
    await visitor.goto('/companies');
    await visitor.getByLabel(en['companies.search_label']).fill(coopName.toUpperCase());
    await visitor.getByRole('button', { name: en['companies.apply'] }).click();
    await expect(visitor.getByRole('link', { name: coopName })).toBeVisible();
    await visitor.getByLabel(en['companies.search_label']).fill('');
    await visitor.getByLabel(en['place_filter.region_label']).selectOption({ label: 'Nakuru' });
    await visitor.getByRole('button', { name: en['companies.apply'] }).click();
    await expect(visitor.getByRole('link', { name: coopName })).toBeVisible();
    await visitor.getByRole('link', { name: coopName }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: coopName })).toBeVisible();
    await expect(visitor.locator('main')).toContainText('Amani');
  });
});
