import { type Browser, type Page, expect } from '@playwright/test';
import { publishMaizeLot } from './lots';
import { test } from './test';
import { en, sw, say } from './dictionaries';

/** A browser context signed in through the API (as the islands do), holding the session cookie. */
async function memberPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const response = await page.request.post('/api-v2/user/login', {
    form: { email, password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
  });
  expect(response.status()).toBe(200);
  return page;
}

const post = (page: Page, path: string, form: Record<string, string | number>) =>
  page.request.post(`/api-v2${path}`, {
    form,
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
  });

test.describe('[OFFERS] whose turn a deal shows', () => {
  test('after the seller approves an online deal, the seller (in Swahili) waits for the buyer to pay, with only "Decline"; the buyer’s turn is to pay', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const seller = await memberPage(browser, 'demo-gold@mavuno.test');
    const buyer = await memberPage(browser, 'demo-buyer@mavuno.test');
    const lotId = await publishMaizeLot(seller.request, { title: `Mahindi ya zamu ${Date.now().toString(36)}` });
    const offer = await post(buyer, '/offer/create-offer', {
      'Offer[order_id]': lotId,
      'Offer[order_type]': 'board_list',
      'Offer[price]': 3500,
      'Offer[volume]': 10,
      'Offer[payment_type]': 3,
    });
    expect(offer.status(), await offer.text()).toBe(200);
    const offerId: number = (await offer.json()).id;
    const approved = await post(seller, '/offer/approve-offer', { id: offerId });
    expect(approved.status(), await approved.text()).toBe(200);
    const buyerName: string = (await approved.json()).partner.name;

    // The deal page: no "Your turn", the waiting sentence names the payment, and Decline is the only step.
    await seller.goto(`/sw/user/offer/${offerId}`);
    await expect(seller.getByTestId('deal-waiting')).toHaveText(
      say(sw, 'deal.waiting_payment_text', { name: buyerName }),
    );
    await expect(seller.getByText(sw['deal.your_turn'], { exact: true })).toHaveCount(0);
    const steps = seller.locator('button[data-action]');
    await expect(steps).toHaveCount(1);
    await expect(steps).toHaveAttribute('data-action', 'decline-offer');
    await expect(steps).toHaveText(sw['deal.action_decline_offer']);
    await expect(seller.getByTestId('deal-pay')).toHaveCount(0);

    // The seller's offers list says the same.
    await seller.goto('/sw/user/offers');
    const row = seller.locator(`[data-offer-id="${offerId}"]`);
    await expect(row.getByTestId('offer-waiting')).toHaveText(
      say(sw, 'cabinet.offer_waiting_payment', { name: buyerName }),
    );
    await expect(row.getByText(sw['deal.your_turn'], { exact: true })).toHaveCount(0);

    // The buyer's turn: to pay.
    await buyer.goto(`/user/offer/${offerId}`);
    await expect(buyer.getByText(en['deal.your_turn'], { exact: true })).toBeVisible();
    await expect(buyer.getByTestId('deal-pay')).toContainText(en['deal.pay_now_title']);
    await buyer.goto('/user/offers');
    await expect(
      buyer.locator(`[data-offer-id="${offerId}"]`).getByText(en['deal.your_turn'], { exact: true }),
    ).toBeVisible();
    await seller.context().close();
    await buyer.context().close();
  });
});
