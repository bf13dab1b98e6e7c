import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page } from '@playwright/test';
import { publishMaizeLot } from './lots';
import { test } from './test';

const en: Record<string, string> = JSON.parse(readFileSync('locales/en.json', 'utf8'));

async function signedIn(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  const response = await page.request.post('/api-v2/user/login', {
    form: { email, password },
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
  });
  expect(response.status()).toBe(200);
  return page;
}

test.describe('[PRICE ALERTS] a member is told when a deal crosses their price', () => {
  test('the member sets an alert in the profile form without JavaScript, a deal crosses it, the job e-mails them once', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const origin = { Origin: test.info().project.use.baseURL! };
    const email = `alerts-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@mavuno.test`;
    const signup = await request.post('/api-v2/user/signup/', {
      form: {
        'SignupForm[first_name]': 'Neema',
        'SignupForm[email]': email,
        'SignupForm[password]': 'mavuno-2026',
        'SignupForm[password_repeat]': 'mavuno-2026',
        'SignupForm[trader_status]': 'farmer',
      },
    });
    expect(signup.status()).toBe(200);
    const member = await signedIn(browser, email, 'mavuno-2026');

    // The alert, from the profile: above KES 1 a kg of maize; the form says back the number it understood.
    await member.goto('/user/profile/price-alerts');
    await expect(member.getByText(en['price_alerts.empty'])).toBeVisible();
    await member.getByRole('link', { name: en['price_alerts.new'] }).click();
    await member.getByLabel(en['price_alerts.crop'], { exact: true }).selectOption({ value: '3' });
    await member.getByRole('radio', { name: en['price_alerts.kind_above'] }).check();
    await member.getByLabel(en['price_alerts.threshold'], { exact: true }).fill('1.5');
    await member.getByLabel(en['price_alerts.currency'], { exact: true }).selectOption({ value: '1' });
    await member.getByRole('checkbox', { name: en['price_alerts.by_email'] }).uncheck();
    await member.getByRole('button', { name: en['price_alerts.create_submit'] }).click();
    // Refused (no channel): the error beside its field, what was typed kept and said back as understood.
    await expect(member.getByText(en['price_alerts.channel_required'])).toBeVisible();
    await expect(member.locator('[data-understood]')).toContainText('1.50');
    await member.getByRole('checkbox', { name: en['price_alerts.by_email'] }).check();
    await member.getByRole('button', { name: en['price_alerts.create_submit'] }).click();
    await expect(member.getByText(en['price_alerts.created'])).toBeVisible();
    await expect(member.locator('[data-alert]')).toHaveCount(1);

    // A maize deal is approved today (KES 3,500 a 90 kg bag: about KES 39 a kg).
    const seller = await signedIn(browser, 'demo-gold@mavuno.test', 'mavuno-demo');
    const buyer = await signedIn(browser, 'demo-buyer@mavuno.test', 'mavuno-demo');
    const lotId = await publishMaizeLot(seller.request, {
      title: `Maize for alerts ${Date.now().toString(36)}`,
      min_volume: 5,
      max_volume: 50,
    });
    const offered = await buyer.request.post('/api-v2/offer/create-offer', {
      headers: origin,
      form: { order_id: lotId, order_type: 'board_list', price: '3500', volume: '5' },
    });
    expect(offered.status(), await offered.text()).toBe(200);
    const approved = await seller.request.post('/api-v2/offer/approve-offer', {
      headers: origin,
      form: { id: (await offered.json()).id },
    });
    expect(approved.status(), await approved.text()).toBe(200);

    // The job runs (the development hook runs it now); the e-mail is in the development mailbox, once.
    const run = await member.request.post('/dev/price-alerts', { headers: origin });
    expect(run.status()).toBe(200);
    expect((await run.json()).fired).toBeGreaterThanOrEqual(1);
    await member.request.post('/dev/price-alerts', { headers: origin });
    await member.goto('/dev/mailbox');
    const mails = member.locator('article, li, tr').filter({ hasText: email }).filter({ hasText: 'Price alert' });
    await expect(mails.first()).toBeVisible();
    await expect(mails.first()).toContainText('/prices?category=3');
    expect(await member.getByText(/Price alert: Maize/).count()).toBeGreaterThanOrEqual(1);

    // Its one-click link stops the alert (a page that works without JavaScript).
    const text = (await mails.first().textContent()) ?? '';
    const token = /unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(token).toBeTruthy();
    await member.goto(`/price-alerts/unsubscribe?token=${token}`);
    await member.getByRole('button', { name: en['price_alerts.unsub_button'] }).click();
    await expect(member.locator('main [role="status"]')).toContainText('Maize');
    await member.goto(`/price-alerts/unsubscribe?token=${'x'.repeat(43)}`);
    await expect(member.locator('main [role="alert"]')).toContainText(en['price_alerts.unsub_invalid']);
  });
});
