import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './test';
import sharp from 'sharp';

const fr: Record<string, string> = JSON.parse(readFileSync('locales/fr.json', 'utf8'));
const en: Record<string, string> = JSON.parse(readFileSync('locales/en.json', 'utf8'));
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function signIn(page: Page, email: string, password: string) {
  const response = await page.request.post('/api-v2/user/login', {
    form: { email, password },
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
  });
  expect(response.status()).toBe(200);
}

test.describe('[FINANCING] a farmer applies for an input loan', () => {
  test('in French, without JavaScript: applies with a document, the provider approves through the mailed link, and the farmer sees the status change', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // The farmer: a French-speaking account, signed in by cookie, in a browser with JavaScript off.
    const farmer = await browser.newContext({ javaScriptEnabled: false });
    const page = await farmer.newPage();
    const firstName = `Awa${unique()}`;
    const email = `loan-${unique()}@mavuno.test`;
    const signup = await page.request.post('/api-v2/user/signup/', {
      form: {
        'SignupForm[first_name]': firstName,
        'SignupForm[last_name]': 'Diop',
        'SignupForm[email]': email,
        'SignupForm[password]': 'mavuno-2026',
        'SignupForm[password_repeat]': 'mavuno-2026',
        'SignupForm[trader_status]': 'farmer',
        'SignupForm[locale]': 'fr',
      },
    });
    expect(signup.status()).toBe(200);
    await signIn(page, email, 'mavuno-2026');

    // Loans for inputs, in French; the demo products say they are demo data.
    await page.goto('/fr/financing');
    await page.getByLabel(fr['financing.filter_purpose']).selectOption('inputs');
    await page.getByRole('button', { name: fr['financing.filter_submit'] }).click();
    await expect(page).toHaveURL(/\/fr\/financing\?purpose=inputs/);
    const product = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Crédit intrants de saison' }) });
    await expect(product.getByText(fr['financing.demo_label'])).toBeVisible();
    await product.getByRole('link', { name: new RegExp(fr['financing.apply']) }).click();
    await expect(page).toHaveURL(/\/fr\/financing\/apply\/\d+$/);

    // The form: an amount written the French way, a plan, the ID card as a photo, consent.
    await page.getByLabel(/Montant \(KES\)/).fill('25 000');
    await page.getByLabel(fr['financing.field_plan']).fill('Semences et engrais pour deux hectares de maïs.');
    const photo = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c84' } })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel("Carte nationale d'identité")
      .setInputFiles({ name: 'cni.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('checkbox', { name: /J'accepte que Mavuno transmette/ }).check();
    await page.getByRole('button', { name: fr['financing.submit'] }).click();

    await expect(page).toHaveURL(/\/fr\/user\/profile\/loans\?done=applied$/);
    await expect(page.getByTestId('loan-applied')).toBeVisible();
    const application = page.getByTestId('loan-application').first();
    await expect(application.getByTestId('loan-status')).toHaveText(fr['financing.status_sent']);
    await expect(application).toContainText('25 000,00');

    // The provider: the link in the mail to its contact opens the application without signing in.
    const provider = await browser.newContext({ javaScriptEnabled: false });
    const mailbox = await provider.newPage();
    await mailbox.goto('/dev/mailbox');
    const mail = mailbox
      .locator('article')
      .filter({ hasText: 'loans@harvest-bank.mavuno.test' })
      .filter({ hasText: firstName })
      .first();
    await mail.getByRole('link', { name: /\/loan-application\// }).click();
    await expect(mailbox).toHaveURL(/\/loan-application\/[A-Za-z0-9_-]{43}$/);
    await expect(mailbox.getByText(`${firstName} Diop`)).toBeVisible();
    await mailbox.getByLabel(en['financing.field_status']).selectOption('approved');
    await mailbox.getByLabel(new RegExp(en['financing.field_note'])).fill('Approved: visit our Nakuru branch.');
    await mailbox.getByRole('button', { name: en['financing.decide_submit'] }).click();
    await expect(mailbox.getByTestId('status-saved')).toBeVisible();
    await provider.close();

    // The farmer sees the new status and its history in their profile.
    await page.reload();
    await expect(application.getByTestId('loan-status')).toHaveText(fr['financing.status_approved']);
    await expect(application).toContainText('Approved: visit our Nakuru branch.');
    await expect(application).toContainText(fr['financing.event_provider_link']);
    await farmer.close();
  });
});
