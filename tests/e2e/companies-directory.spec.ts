import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './test';

const dictionary = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8'));
const en = dictionary('en');
const sw = dictionary('sw');

/** The company directory and profiles (docs/companies.md "Directory and profiles"), without JavaScript. */
const COOP = 'Mbeya Highlands Farmers Cooperative';

test.describe('[COMPANIES] the directory without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('finds the demo cooperative by name and by region, and opens its profile', async ({ page }) => {
    await page.goto('/companies');
    await expect(page.getByRole('heading', { level: 1, name: en['companies.directory_title'] })).toBeVisible();
    // No island on an anonymous page (the service-worker registration is the layout's only script).
    await expect(page.locator('astro-island')).toHaveCount(0);

    // By name: any part of it, any case.
    await page.getByLabel(en['companies.search_label']).fill('highlands FARMERS');
    await page.getByRole('button', { name: en['companies.apply'] }).click();
    await expect(page).toHaveURL(/title=highlands\+FARMERS/);
    const card = page.getByRole('listitem').filter({ hasText: COOP });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(en['companies.type_cooperative']);
    // What was verified and by whom, linking to the record.
    await expect(card).toContainText(en['verification.verified_by_platform_company_registration']);
    await expect(card).toContainText('Mbeya, Tanzania');

    // By region: the name cleared, Mbeya chosen in the region list.
    await page.getByLabel(en['companies.search_label']).fill('');
    await page.getByLabel(en['place_filter.region_label']).selectOption({ label: 'Mbeya' });
    await page.getByRole('button', { name: en['companies.apply'] }).click();
    await expect(page).toHaveURL(/region_ids%5B%5D=\d+/);
    await expect(page.getByRole('link', { name: COOP })).toBeVisible();
    await expect(page.getByText('Rift Valley Grain Traders Ltd')).toHaveCount(0);

    // Its profile: team, verification record, lots.
    await page.getByRole('link', { name: COOP }).click();
    await expect(page).toHaveURL(/\/companies\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: COOP })).toBeVisible();
    await expect(page.getByRole('heading', { name: en['companies.verification_title'] })).toBeVisible();
    await expect(page.getByText(en['verification.type_company_registration'], { exact: true })).toBeVisible();
    await expect(page.getByText(en['companies.permission_administrator'])).toBeVisible();
    await expect(page.getByRole('heading', { name: `Lots of ${COOP} on the market` })).toBeVisible();
    const id = /\/companies\/(\d+)$/.exec(page.url())![1];

    // The same page at its other address, and in Swahili.
    await page.goto(`/sw/public-company-profile/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: COOP })).toBeVisible();
    await expect(page.getByText(sw['companies.verification_title'])).toBeVisible();
  });

  test('an unknown company and an empty search', async ({ page }) => {
    const response = await page.goto('/companies/987654');
    expect(response?.status()).toBe(404);
    const invalid = await page.goto('/public-company-profile/abc');
    expect(invalid?.status()).toBe(404);
    await page.goto('/fr/companies?title=zzzz-nothing');
    await expect(page.getByText('Aucune entreprise ne correspond')).toBeVisible();
  });
});
