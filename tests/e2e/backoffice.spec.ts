import { readFileSync } from 'node:fs';
import { expect, type Page, request as playwrightRequest } from '@playwright/test';
import { test } from './test';
import sharp from 'sharp';
import { DEMO_TOTP_SECRET } from '../../src/server/db/seed/demo-accounts';
import { totpCode, totpStep } from '../../src/server/security/totp';

/**
 * The back office as its operations team uses it (docs/backoffice.md): the demo moderator, in French, signs in with
 * the password form and the authenticator's code, hides a lot a member reported, and approves a silver request after
 * opening its document; the member, who uses Mavuno in Swahili, receives the decision in Swahili.
 */
const fr: Record<string, string> = JSON.parse(readFileSync('locales/fr.json', 'utf8'));
const sw: Record<string, string> = JSON.parse(readFileSync('locales/sw.json', 'utf8'));
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
const passwordBox = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** A member signing up in Swahili through the API (Bearer headers). */
async function swahiliMember(page: Page) {
  const email = `mkulima-${unique()}@mavuno.test`;
  const signup = await page.request.post('/api-v2/user/signup/', {
    headers: { 'Accept-Language': 'sw' },
    form: {
      'SignupForm[first_name]': 'Zawadi',
      'SignupForm[last_name]': 'Mrema',
      'SignupForm[email]': email,
      'SignupForm[password]': 'mavuno-2026',
      'SignupForm[password_repeat]': 'mavuno-2026',
      'SignupForm[trader_status]': 'farmer',
      'SignupForm[locale]': 'sw',
    },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  return { email, auth: { Authorization: `Bearer ${(await signup.json()).access_token}` } };
}

test.describe('[ADMIN] a moderator at work, in French', () => {
  test.describe.configure({ timeout: 180_000 });

  test('signs in with TOTP, hides a reported lot, approves a silver request with its documents; the member is told in Swahili', async ({
    page,
  }) => {
    // A Swahili-speaking member asks for silver with an identity document.
    const member = await swahiliMember(page);
    const types = await (await page.request.get('/api-v2/user-document/document-type')).json();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#5b8c3a' } })
      .png()
      .toBuffer();
    const uploaded = await page.request.post('/api-v2/user-document/upload', {
      headers: member.auth,
      multipart: {
        document_type_id: String(types.items[0].id),
        file: { name: 'kitambulisho.png', mimeType: 'image/png', buffer: png },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    const asked = await page.request.post('/api-v2/user/request-silver', {
      headers: member.auth,
      form: { message: 'Naomba kiwango cha Fedha ili niuze mahindi.' },
    });
    expect(asked.status(), await asked.text()).toBe(200);

    // The member reports a demo lot.
    const { items } = await (await page.request.get('/api-v2/board-list/index?per-page=50')).json();
    const lot = items[items.length - 1];
    const reported = await page.request.post('/api-v2/moderation/report', {
      headers: member.auth,
      form: { target_type: 'lot', lot_id: String(lot.id), reason: 'fraud', comment: 'Bei hii si ya kweli.' },
    });
    expect(reported.status(), await reported.text()).toBe(201);

    // The moderator signs in with the plain form, then the back office asks for the authenticator's code.
    await page.goto('/fr/signin/login?redirect=%2Ffr%2Fadmin%2Fmoderation');
    await page.getByLabel(fr['auth.field_login']).fill('demo-moderator@mavuno.test');
    await passwordBox(page, fr['auth.field_password']).fill('mavuno-demo');
    await page.getByRole('button', { name: fr['auth.sign_in'], exact: true }).last().click();
    await expect(page).toHaveURL(/\/fr\/admin\/two-factor\?redirect=/);
    await page.getByLabel(fr['admin.two_factor_code_or_recovery']).fill('000000');
    await page.getByRole('button', { name: fr['admin.two_factor_enter'] }).click();
    await expect(page.getByText(fr['admin.code_wrong']).first()).toBeVisible();
    // A code is accepted once: the next step's code, in case another test of this account used this one.
    await page.getByLabel(fr['admin.two_factor_code_or_recovery']).fill(totpCode(DEMO_TOTP_SECRET, totpStep() + 1));
    await page.getByRole('button', { name: fr['admin.two_factor_enter'] }).click();
    await expect(page).toHaveURL(/\/fr\/admin\/moderation/);

    // The reported lot, hidden with a reason: gone from the catalogue.
    const item = page.getByTestId('moderation-item').filter({ hasText: lot.title }).first();
    await expect(item).toBeVisible();
    const hideForm = item.locator('form', { has: page.getByTestId('hide-lot') });
    await hideForm.locator('input[name="reason"]').fill('Annonce trompeuse');
    await hideForm.getByTestId('hide-lot').click();
    await expect(page.getByRole('status').filter({ hasText: fr['moderation.done'] })).toBeVisible();
    const after = await (await page.request.get(`/api-v2/board-list/index?per-page=100`)).json();
    expect(after.items.map((l: { id: number }) => l.id)).not.toContain(lot.id);
    const visitor = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
    expect((await visitor.get(`/board/${lot.id}`)).status()).toBe(404);
    await visitor.dispose();

    // The silver request: its document opens, then approval with the password again (step-up).
    await page.goto('/fr/admin/members/silver-requests');
    const request = page.locator(`[data-testid="silver-request"][data-member-email="${member.email}"]`);
    await expect(request).toBeVisible();
    const document = request.getByTestId('silver-document').first();
    const opened = await page.request.get((await document.getAttribute('href'))!);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['cache-control']).toContain('no-store');
    await request.getByTestId('approve-step-up').fill('mavuno-demo');
    await request.getByTestId('approve-silver').click();
    await expect(page.getByTestId('silver-done')).toBeVisible();
    await expect(page.locator(`[data-testid="silver-request"][data-member-email="${member.email}"]`)).toHaveCount(0);

    // The member's decision, in Swahili.
    await page.goto('/dev/mailbox');
    const mail = page.locator('article').filter({ hasText: member.email }).filter({
      hasText: sw['mail.tier_approved_subject'],
    });
    await expect(mail.first()).toBeVisible();
  });
});
