import { readFileSync } from 'node:fs';
import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { test } from './test';

const sw: Record<string, string> = JSON.parse(readFileSync('locales/sw.json', 'utf8'));
const en: Record<string, string> = JSON.parse(readFileSync('locales/en.json', 'utf8'));
const KES = 1;

/** A browser context signed in through the API (the session cookie), with or without JavaScript. */
async function memberPage(browser: Browser, email: string, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const response = await page.request.post('/api-v2/user/login', {
    form: { email, password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
  });
  expect(response.status()).toBe(200);
  return page;
}

/** Waits until the island holding `inside` is hydrated (client:visible islands hydrate when seen). */
async function hydrated(inside: Locator) {
  const island = inside.page().locator('astro-island', { has: inside }).last();
  await island.scrollIntoViewIfNeeded();
  // The make-offer dialog hydrates when the pointer comes near it (client:press), as a member's does.
  if ((await island.getAttribute('client')) === 'press') await inside.hover();
  await expect(island).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
}

/** One step of the deal on its page: the button, then "I Confirm"; the page reloads with the new state. */
async function takeStep(page: Page, action: string, confirmLabel: string) {
  const button = page.locator(`button[data-action="${action}"]`);
  await hydrated(button);
  await button.click();
  await page.getByRole('dialog').getByRole('button', { name: confirmLabel }).click();
  await expect(page.locator(`button[data-action="${action}"]`)).toHaveCount(0, { timeout: 15_000 });
}

interface Pocket {
  currency: string;
  available: number;
  frozen: number;
  frozen_items: { deal_id: number | null; amount: number }[];
}

async function kesPocket(page: Page): Promise<Pocket> {
  const info = await (await page.request.get('/api-v2/user-wallet-info')).json();
  return (
    info.pockets.find((p: Pocket) => p.currency === 'KES') ?? {
      currency: 'KES',
      available: 0,
      frozen: 0,
      frozen_items: [],
    }
  );
}

/** A negotiable KES maize lot of the seller's: 1,000 KES a unit, 5 to 50 units. */
async function maizeLot(seller: Page): Promise<number> {
  const countries = await (await seller.request.get('/api-v2/country-dropdown')).json();
  const kenya = countries.items.find((c: { code: string }) => c.code === 'KE').id;
  const created = await seller.request.post('/api-v2/board-list/create-quote', {
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
    form: {
      'BoardList[type]': 'sell',
      'BoardList[category_id]': 3,
      'BoardList[title]': `Mahindi ya escrow ${Date.now().toString(36)}`,
      'BoardList[volume]': 100,
      'BoardList[min_volume]': 5,
      'BoardList[max_volume]': 50,
      'BoardList[per_unit_id]': 4,
      'BoardList[price]': 1000,
      'BoardList[currency_id]': KES,
      'BoardList[country_id]': kenya,
      'BoardList[latitude]': -0.3,
      'BoardList[longitude]': 36.07,
    },
  });
  expect(created.status()).toBe(200);
  return (await created.json()).id;
}

/** The buyer pays the deal from its page ("Pay by card", no JavaScript needed) with the sandbox's paying card. */
async function payByCard(buyer: Page, offerId: number) {
  await buyer.goto(`/sw/user/offer/${offerId}`);
  await expect(buyer.getByTestId('deal-money')).toHaveAttribute('data-where', 'not_moved');
  await buyer.getByRole('button', { name: new RegExp(sw['deal.pay_card']) }).click();
  await expect(buyer).toHaveURL(/\/sw\/sandbox-checkout\//);
  await expect(buyer.getByTestId('sandbox-amount')).toContainText('5,000');
  await buyer.getByLabel(sw['sandbox_checkout.card_number']).fill('4242 4242 4242 4242');
  await buyer.locator('form[data-plain-form] button[type=submit]').click();
  // Back on the deal page: the money is held for the deal.
  await expect(buyer).toHaveURL(new RegExp(`/sw/user/offer/${offerId}\\?reference=dp_`));
  await expect(buyer.getByTestId('deal-money')).toHaveAttribute('data-where', 'frozen');
}

test.describe('[WALLET] a deal paid online, held in escrow, released, and withdrawn', () => {
  test('a Swahili buyer pays by sandbox card; the seller sees it held and ships; the buyer confirms; the seller is paid, withdraws to sandbox mobile money, and both have their receipts', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const seller = await memberPage(browser, 'demo-gold@mavuno.test');
    const buyer = await memberPage(browser, 'demo-buyer@mavuno.test');
    const lotId = await maizeLot(seller);
    const sellerBefore = await kesPocket(seller);
    const buyerBefore = await kesPocket(buyer);

    // The buyer offers in Swahili and chooses to pay online.
    await buyer.goto(`/sw/board/${lotId}`);
    const makeOffer = buyer.getByRole('button', { name: sw['lot_page.make_offer'] });
    await hydrated(makeOffer);
    await makeOffer.click();
    const dialog = buyer.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Bei kwa/ }).fill('1000');
    await dialog.getByRole('textbox', { name: /^Kiasi/ }).fill('5');
    await dialog.getByRole('radio', { name: new RegExp(sw['make_offer.payment_online']) }).check();
    await dialog.getByRole('button', { name: sw['make_offer.submit_buy'] }).click();
    await buyer.waitForURL(/\/sw\/user\/offer\/\d+$/, { timeout: 15_000 });
    const offerId = Number(buyer.url().split('/').pop());

    // The seller approves; nothing has moved until the buyer pays.
    await seller.goto(`/user/offer/${offerId}`);
    await takeStep(seller, 'approve-offer', en['deal.i_confirm']);
    await expect(seller.getByTestId('deal-money')).toHaveAttribute('data-where', 'not_moved');

    await payByCard(buyer, offerId);
    // Held for the deal, not in the buyer's available pocket (other tests may top that up meanwhile).
    const held = await kesPocket(buyer);
    expect(held.frozen).toBe(buyerBefore.frozen + 500_000);
    expect(held.frozen_items).toContainEqual(expect.objectContaining({ deal_id: offerId, amount: 500_000 }));

    // The seller sees the money held, ships; the buyer confirms the goods: the money goes to the seller.
    await seller.reload();
    await expect(seller.getByTestId('deal-money')).toHaveAttribute('data-where', 'frozen');
    await takeStep(seller, 'delivery-send', en['deal.i_confirm']);
    await buyer.goto(`/sw/user/offer/${offerId}`);
    await takeStep(buyer, 'delivery-get', sw['deal.i_confirm']);
    await expect(buyer.getByTestId('deal-money')).toHaveAttribute('data-where', 'released');
    expect((await kesPocket(seller)).available).toBe(sellerBefore.available + 500_000);
    expect((await kesPocket(buyer)).frozen_items.some((item) => item.deal_id === offerId)).toBe(false);

    // The seller withdraws 5,000 KES to the sandbox's paying mobile-money number, without JavaScript.
    const plain = await memberPage(browser, 'demo-gold@mavuno.test', false);
    await plain.goto('/user/profile/wallet');
    await plain.getByRole('link', { name: en['wallet_page.withdraw'] }).first().click();
    await expect(plain).toHaveURL(/\/user\/profile\/wallet\/withdraw$/);
    await plain.getByLabel(en['withdraw.amount']).fill('5,000');
    await plain.getByLabel(en['withdraw.currency']).selectOption(String(KES));
    await plain.getByLabel(en['withdraw.phone']).fill('+254 700 000 001');
    await plain.getByLabel(en['withdraw.confirm']).check();
    await plain.getByRole('button', { name: en['withdraw.submit'] }).click();
    await expect(plain).toHaveURL(/\/payout-result\?reference=po_/);
    // The sandbox answers by webhook: the page says paid once it has.
    await expect(async () => {
      await plain.reload();
      await expect(plain.locator('[data-status]')).toHaveAttribute('data-status', 'succeeded', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    expect((await kesPocket(seller)).available).toBe(sellerBefore.available);

    // Receipts: the buyer's payment for the deal; the seller's release and withdrawal.
    await buyer.goto('/sw/user/profile/cabinet-cards/money-cards/my-receipts');
    const buyerReceipt = buyer.getByTestId('receipts').getByRole('link', {
      name: new RegExp(`${sw['wallet_page.kind_deal_payment']}[\\s\\S]*#${offerId}`),
    });
    await buyerReceipt.click();
    await expect(buyer).toHaveURL(/\/sw\/user\/profile\/wallet\/receipt\/MV-\d{8}$/);
    await expect(buyer.getByRole('heading', { level: 1 })).toContainText(sw['wallet_page.kind_deal_payment']);
    await expect(buyer.locator('main')).toContainText('5,000');

    await seller.goto('/user/profile/cabinet-cards/money-cards/my-receipts');
    const receipts = seller.getByTestId('receipts');
    await expect(receipts.getByRole('link', { name: new RegExp(en['wallet_page.kind_payout']) }).first()).toBeVisible();
    await receipts
      .getByRole('link', { name: new RegExp(`${en['wallet_page.kind_deal_release']}[\\s\\S]*#${offerId}`) })
      .click();
    await expect(seller).toHaveURL(/\/user\/profile\/wallet\/receipt\/MV-\d{8}$/);
    await expect(seller.getByRole('heading', { level: 1 })).toContainText(en['wallet_page.kind_deal_release']);

    // A stranger cannot read the seller's receipt.
    const receiptPath = new URL(seller.url()).pathname;
    const stranger = await memberPage(browser, 'demo-basic@mavuno.test');
    expect((await stranger.goto(receiptPath))?.status()).toBe(404);
  });

  test('a paid deal the seller calls off before shipping returns the money to the buyer’s wallet', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const seller = await memberPage(browser, 'demo-gold@mavuno.test');
    const buyer = await memberPage(browser, 'demo-silver@mavuno.test');
    const lotId = await maizeLot(seller);
    const origin = { Origin: test.info().project.use.baseURL! };
    const offered = await buyer.request.post('/api-v2/offer/create-offer', {
      headers: origin,
      form: { order_id: lotId, order_type: 'board_list', price: '1000', volume: '5', payment_type: '3' },
    });
    expect(offered.status()).toBe(200);
    const offerId = (await offered.json()).id;
    const approved = await seller.request.post('/api-v2/offer/approve-offer', {
      headers: origin,
      form: { id: offerId },
    });
    expect(approved.status()).toBe(200);
    const before = await kesPocket(buyer);

    await payByCard(buyer, offerId);
    expect((await kesPocket(buyer)).frozen).toBe(before.frozen + 500_000);

    await seller.goto(`/user/offer/${offerId}`);
    await takeStep(seller, 'decline-offer', en['deal.i_confirm']);
    await expect(seller.getByTestId('deal-money')).toHaveAttribute('data-where', 'returned');
    const after = await kesPocket(buyer);
    expect(after.available).toBe(before.available + 500_000);
    expect(after.frozen).toBe(before.frozen);
  });
});
