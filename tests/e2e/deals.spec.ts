import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { publishMaizeLot } from './lots';
import { test } from './test';
import { fr, sw, say } from './dictionaries';

/** A browser context signed in through the API (as the islands do), holding the session cookie. */
async function memberPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const baseURL = test.info().project.use.baseURL!;
  const response = await page.request.post('/api-v2/user/login', {
    form: { email, password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
  });
  expect(response.status()).toBe(200);
  return page;
}

/** Waits until the island holding `inside` is hydrated (scrolled to first: client:visible islands hydrate when seen). */
async function hydrated(inside: Locator) {
  const island = inside.page().locator('astro-island', { has: inside }).last();
  await island.scrollIntoViewIfNeeded();
  // The make-offer dialog hydrates when the pointer comes near it (client:press), as a member's does.
  if ((await island.getAttribute('client')) === 'press') await inside.hover();
  await expect(island).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
}

/** One step of the deal on its page: the button, then "I Confirm" in the dialog; the page reloads with the new state. */
async function takeStep(page: Page, action: string, confirmLabel: string) {
  const button = page.locator(`button[data-action="${action}"]`);
  await hydrated(button);
  await button.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: confirmLabel }).click();
  await expect(page.locator(`button[data-action="${action}"]`)).toHaveCount(0, { timeout: 15_000 });
}

test.describe('[OFFERS] from an offer to a finished deal', () => {
  test('a buyer offers in Swahili, the seller approves in French, goods and money go both ways, both rate each other, the deal is done in both cabinets and its history verifies', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const seller = await memberPage(browser, 'demo-gold@mavuno.test');
    const buyer = await memberPage(browser, 'demo-buyer@mavuno.test');
    const baseURL = test.info().project.use.baseURL!;

    // The seller publishes a negotiable maize lot (crop prices are open to offers).
    const title = `Mahindi meupe ${Date.now().toString(36)}`;
    const lotId = await publishMaizeLot(seller.request, { title, min_volume: 5, max_volume: 50 });

    // The buyer, in Swahili, makes an offer from the lot page and sees the live total.
    await buyer.goto(`/sw/board/${lotId}`);
    const makeOffer = buyer.getByRole('button', { name: sw['lot_page.make_offer'] });
    await hydrated(makeOffer);
    await makeOffer.click();
    const dialog = buyer.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Bei kwa/ }).fill('3500');
    await dialog.getByRole('textbox', { name: /^Kiasi/ }).fill('20');
    await expect(dialog.getByTestId('offer-totals')).toContainText('70,000');
    await dialog.getByRole('button', { name: sw['make_offer.submit_buy'] }).click();
    await expect(dialog.getByTestId('offer-created')).toBeVisible({ timeout: 15_000 });
    await buyer.waitForURL(/\/sw\/user\/offer\/\d+$/, { timeout: 15_000 });
    const offerId = Number(buyer.url().split('/').pop());

    // The seller sees it waiting (badge) and approves it in French.
    await seller.goto(`/fr/user/offers`);
    await expect(seller.locator(`[data-offer-id="${offerId}"]`)).toBeVisible();
    expect((await (await seller.request.get('/api-v2/offer/user-offer-count')).json()).count).toBeGreaterThanOrEqual(1);
    await seller.goto(`/fr/user/offer/${offerId}`);
    await takeStep(seller, 'approve-offer', fr['deal.i_confirm']);
    await takeStep(seller, 'delivery-send', fr['deal.i_confirm']);

    await buyer.goto(`/sw/user/offer/${offerId}`);
    await takeStep(buyer, 'delivery-get', sw['deal.i_confirm']);
    await takeStep(buyer, 'payment-send', sw['deal.i_confirm']);

    await seller.reload();
    await takeStep(seller, 'payment-get', fr['deal.i_confirm']);
    await expect(seller.getByText(fr['deal.status_done']).first()).toBeVisible();

    // Both leave feedback.
    for (const [page, dictionary] of [
      [seller, fr],
      [buyer, sw],
    ] as const) {
      await page.goto(`${dictionary === fr ? '/fr' : '/sw'}/user/offer/${offerId}`);
      await hydrated(page.getByRole('button', { name: dictionary['deal.feedback_send'] }));
      await page.getByRole('radio', { name: say(dictionary, 'deal.feedback_star', { rating: 5 }) }).check();
      await page.getByRole('button', { name: dictionary['deal.feedback_send'] }).click();
      await expect(page.getByRole('button', { name: dictionary['deal.feedback_send'] })).toHaveCount(0, {
        timeout: 15_000,
      });
    }

    // Done in both cabinets.
    await buyer.goto('/sw/user/profile/cabinet-cards/bought-paid-delivered');
    await expect(buyer.locator(`[data-offer-id="${offerId}"]`)).toBeVisible();
    await seller.goto('/fr/user/profile/cabinet-cards/sold-old');
    await expect(seller.locator(`[data-offer-id="${offerId}"]`)).toBeVisible();

    // The history verifies on the page, and a saved copy verifies without an account.
    await buyer.goto(`/sw/user/offer/${offerId}`);
    await expect(buyer.getByText(sw['deal.record_verified'])).toBeVisible();
    const history = await (await buyer.request.get(`/api-v2/offer/history?id=${offerId}`)).json();
    expect(history.events.map((e: { action: string }) => e.action)).toEqual([
      'create',
      'approve-offer',
      'delivery-send',
      'delivery-get',
      'payment-send',
      'payment-get',
      'feedback',
      'feedback',
    ]);
    const anonymous = await browser.newContext();
    const check = await anonymous.request.post(`${baseURL}/api-v2/offer/verify-history`, { data: history });
    expect(await check.json()).toMatchObject({ valid: true, head_hash: history.head_hash });
    await anonymous.close();
  });
});
