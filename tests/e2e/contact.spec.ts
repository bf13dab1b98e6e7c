import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './test';

const sw: Record<string, string> = JSON.parse(readFileSync('locales/sw.json', 'utf8'));

test.describe('[CONTACT] the contact form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor writes in Swahili from the footer link: a mistake comes back beside its field, then “contact sent”', async ({
    page,
  }) => {
    await page.goto('/sw');
    await page.getByRole('contentinfo').getByRole('link', { name: sw['footer.contact_us'] }).click();
    await expect(page).toHaveURL(/\/sw\/contact-us$/);
    await expect(page.getByRole('heading', { level: 1, name: sw['contact.title'] })).toBeVisible();

    await page.getByRole('textbox', { name: sw['contact.field_name'] }).fill('Neema Mushi');
    await page.getByRole('combobox', { name: sw['contact.field_topic'] }).selectOption({
      label: sw['contact.topic_lots_and_deals'],
    });
    const message = page.getByRole('textbox', { name: sw['contact.field_message'] });
    await message.fill('Nawezaje kuuza mahindi yangu kwa mnunuzi wa Arusha?');
    await page.getByRole('button', { name: sw['contact.submit'] }).click();

    // Neither an e-mail nor a phone: the form comes back with what was typed and the problem beside the field.
    await expect(page.getByRole('alert').first()).toBeVisible();
    const email = page.getByRole('textbox', { name: sw['contact.field_email'] });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(sw['accounts.email_or_phone'])).toBeVisible();
    await expect(message).toHaveValue('Nawezaje kuuza mahindi yangu kwa mnunuzi wa Arusha?');

    await email.fill(`neema-${Date.now().toString(36)}@mavuno.test`);
    await page.getByRole('button', { name: sw['contact.submit'] }).click();
    await expect(page).toHaveURL(/\/sw\/contact-us\?sent=1$/);
    await expect(page.getByRole('status')).toContainText(sw['contact.sent']);
  });
});
