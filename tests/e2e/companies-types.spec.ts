import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { test } from './test';

const en: Record<string, string> = JSON.parse(readFileSync('locales/en.json', 'utf8'));

/** The company directory's type filter (docs/companies.md "Directory and profiles"). */
test.describe('[COMPANIES] the directory’s types', () => {
  test('every type is ticked and listed by default, transporters and banks too; narrowing keeps the choice in the address', async ({
    page,
  }) => {
    await page.goto('/companies');
    const types = page.getByRole('group', { name: en['companies.type_label'] }).getByRole('checkbox');
    await expect(types).toHaveCount(7);
    for (const box of await types.all()) await expect(box).toBeChecked();
    for (const key of ['companies.type_transporter', 'companies.type_financial_institution'])
      await expect(page.getByRole('checkbox', { name: en[key] })).toBeChecked();
    // The demo farm (type 4), which the API's default of three types leaves out, is in the directory.
    await expect(page.getByRole('link', { name: /Kilombero Valley Rice Farm/ })).toBeVisible();

    await page.getByRole('checkbox', { name: en['companies.type_farm'] }).uncheck();
    await page.getByRole('button', { name: en['companies.apply'] }).click();
    await expect(page).toHaveURL(/type_ids/);
    await expect(page.getByRole('link', { name: /Kilombero Valley Rice Farm/ })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: en['companies.type_farm'] })).not.toBeChecked();
  });

  for (const prefix of ['', '/sw', '/fr'])
    test(`${prefix || '/'}companies: every text of the page has enough contrast (axe), on a desktop and on a phone`, async ({
      page,
    }) => {
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 360, height: 740 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto(`${prefix}/companies`);
        const { violations } = await new AxeBuilder({ page })
          .setLegacyMode(true)
          .withRules(['color-contrast'])
          .analyze();
        expect(
          violations.flatMap((violation) =>
            violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
          ),
          `${prefix}/companies at ${viewport.width} px`,
        ).toEqual([]);
      }
    });
});
