import sharp from 'sharp';
import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './test';
import { en, fr, sw, say } from './dictionaries';

/**
 * Offers, deal steps, ratings and favourites in browsers that run no JavaScript (docs/deals.md "Without JavaScript",
 * docs/lots.md "Offers without JavaScript", "Favourites without JavaScript"): every button is a form, every step
 * has a page, and no button sits disabled without a reason. The rules behind each post are tested in
 * tests/api/no-script-deals.test.ts; these journeys check that a person can go through them.
 */
const KES = 1;

/** A browser without JavaScript, signed in as a demo member through the API (the session cookie). */
async function memberPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.request.post('/api-v2/user/login', {
    form: { email, password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
  });
  expect(response.status()).toBe(200);
  return page;
}

/** A negotiable KES maize lot of the seller's: KES 1,000 a bag, 5 to 50 bags a deal. */
async function maizeLot(seller: Page, title: string): Promise<number> {
  const countries = await (await seller.request.get('/api-v2/country-dropdown')).json();
  const kenya = countries.items.find((c: { code: string }) => c.code === 'KE').id;
  const created = await seller.request.post('/api-v2/board-list/create-quote', {
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
    form: {
      'BoardList[type]': 'sell',
      'BoardList[category_id]': 3,
      'BoardList[title]': title,
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

/** A page without JavaScript must not offer buttons that can never work. */
async function expectNoDeadButtons(page: Page) {
  await expect(page.locator('main button:disabled')).toHaveCount(0);
}

/** From the deal page: a step's button, its confirmation page, "I confirm"; back on the deal page with what was done. */
async function takeStep(
  page: Page,
  dictionary: Record<string, string>,
  action: string,
  done: string,
  fill?: (page: Page) => Promise<void>,
) {
  await page.locator(`button[data-action="${action}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/user/offer/\\d+/${action}`));
  await expect(page.getByTestId('deal-step-confirm')).toBeVisible();
  await expectNoDeadButtons(page);
  await fill?.(page);
  await page.getByRole('button', { name: dictionary['deal.i_confirm'] }).click();
  await expect(page).toHaveURL(new RegExp(`/user/offer/\\d+\\?done=${action}$`));
  await expect(page.getByTestId('deal-done-notice')).toHaveText(dictionary[done]);
  await expect(page.locator(`button[data-action="${action}"]`)).toHaveCount(0);
}

/** The response of the form post a click sends. */
const postedBy = (page: Page, click: () => Promise<void>) =>
  Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), click()]).then(([r]) => r);

test.describe('[OFFERS] without JavaScript', () => {
  test('a French buyer makes an offer on its page (a volume above the maximum is refused and kept); the Swahili seller approves on the confirmation page; goods and money go both ways; the buyer rates', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const seller = await memberPage(browser, 'demo-gold@mavuno.test');
    const buyer = await memberPage(browser, 'demo-basic@mavuno.test');
    const title = `Mahindi bila script ${Date.now().toString(36)}`;
    const lotId = await maizeLot(seller, title);

    // The lot page's button leads to the offer page, which has the dialog's fields.
    await buyer.goto(`/fr/board/${lotId}`);
    await expectNoDeadButtons(buyer);
    await buyer.getByRole('button', { name: fr['lot_page.make_offer'] }).click();
    await expect(buyer).toHaveURL(new RegExp(`/fr/board/${lotId}/offer`));
    await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(fr['lot_page.make_offer']);
    await expectNoDeadButtons(buyer);
    const price = buyer.getByRole('textbox', { name: /^Prix/ });
    const volume = buyer.getByRole('textbox', { name: /^Quantité|^Volume/ });
    await expect(price).toHaveValue('1\u202f000');

    // More than a deal may take: refused beside the field, what was typed kept.
    await price.fill('950');
    await volume.fill('60');
    await buyer.getByRole('textbox', { name: new RegExp(`^${fr['make_offer.comment']}`) }).fill('Retrait vendredi');
    const refused = await postedBy(buyer, () =>
      buyer.getByRole('button', { name: fr['make_offer.submit_buy'] }).click(),
    );
    expect(refused.status()).toBe(422);
    await expect(buyer.locator('#offer-volume-error')).toContainText('50');
    await expect(volume).toHaveAttribute('aria-invalid', 'true');
    await expect(price).toHaveValue('950');
    await expect(volume).toHaveValue('60');

    // As French writes numbers: "12,5" bags.
    await volume.fill('12,5');
    await buyer.getByRole('button', { name: fr['make_offer.submit_buy'] }).click();
    await expect(buyer).toHaveURL(/\/fr\/user\/offer\/\d+\?done=offer$/);
    await expect(buyer.getByTestId('deal-done-notice')).toHaveText(fr['make_offer.done_to_seller']);
    const offerId = Number(new URL(buyer.url()).pathname.split('/').pop());
    await expectNoDeadButtons(buyer);

    // The seller, in Swahili, approves on the confirmation page with a comment.
    await seller.goto(`/sw/user/offer/${offerId}`);
    await expectNoDeadButtons(seller);
    await takeStep(seller, sw, 'approve-offer', 'deal.done_approve_offer', async (page) => {
      await page.getByRole('textbox', { name: new RegExp(`^${sw['deal.field_comment']}`) }).fill('Karibu');
    });
    await expect(seller.getByTestId('deal-status')).toHaveText(sw['deal.status_approved']);

    // Goods received is the buyer's to confirm: the seller's page for it says so, with a 4xx.
    const wrong = await seller.goto(`/sw/user/offer/${offerId}/delivery-get`);
    expect(wrong?.status()).toBe(409);
    await expect(seller.getByTestId('deal-step-refusal')).toHaveText(sw['deal.step_unavailable']);
    await expect(seller.getByRole('button', { name: sw['deal.i_confirm'] })).toHaveCount(0);

    // The goods go with a photo of them loaded (multipart).
    await seller.goto(`/sw/user/offer/${offerId}`);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    await takeStep(seller, sw, 'delivery-send', 'deal.done_delivery_send', async (page) => {
      await page.getByLabel(new RegExp(`^${sw['deal.field_photo']}`)).setInputFiles({
        name: 'loaded.png',
        mimeType: 'image/png',
        buffer: photo,
      });
    });

    await buyer.goto(`/fr/user/offer/${offerId}`);
    await takeStep(buyer, fr, 'delivery-get', 'deal.done_delivery_get');
    await takeStep(buyer, fr, 'payment-send', 'deal.done_payment_send');
    await seller.goto(`/sw/user/offer/${offerId}`);
    await takeStep(seller, sw, 'payment-get', 'deal.done_payment_get');
    await expect(seller.getByTestId('deal-status')).toHaveText(sw['deal.status_done']);

    // The rating is a plain form on the deal page.
    await buyer.goto(`/fr/user/offer/${offerId}`);
    await expectNoDeadButtons(buyer);
    await buyer.getByRole('radio', { name: say(fr, 'deal.feedback_star', { rating: 4 }) }).check();
    await buyer.getByRole('button', { name: fr['deal.feedback_send'] }).click();
    await expect(buyer).toHaveURL(new RegExp(`/fr/user/offer/${offerId}\\?done=feedback$`));
    await expect(buyer.getByTestId('deal-done-notice')).toHaveText(fr['deal.feedback_sent']);
    await expect(buyer.getByRole('button', { name: fr['deal.feedback_send'] })).toHaveCount(0);

    const history = await (await buyer.request.get(`/api-v2/offer/history?id=${offerId}`)).json();
    expect(history.valid).toBe(true);
    expect(history.events.map((e: { action: string }) => e.action)).toEqual([
      'create',
      'approve-offer',
      'delivery-send',
      'delivery-get',
      'payment-send',
      'payment-get',
      'feedback',
    ]);
    const offer = await (await buyer.request.get(`/api-v2/offer/view?id=${offerId}`)).json();
    expect(offer).toMatchObject({ offer_price_per_unit: 950, volume: 12.5 });
  });

  test('paid from the wallet: a sandbox top-up, the offer names the wallet, the seller’s approval holds the money for the deal', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const seller = await memberPage(browser, 'demo-gold@mavuno.test');
    const buyer = await memberPage(browser, 'demo-silver@mavuno.test');
    const lotId = await maizeLot(seller, `Mahindi ya mkoba ${Date.now().toString(36)}`);

    // KES 5,000 into the buyer's wallet through the sandbox checkout (a plain form too).
    const started = await buyer.request.post('/api-v2/wallet/top-up', {
      form: { amount: '5000', currency: String(KES) },
      headers: { Origin: test.info().project.use.baseURL! },
    });
    expect(started.status()).toBe(200);
    await buyer.goto(new URL((await started.json()).checkout_url).pathname);
    await buyer.getByLabel(en['sandbox_checkout.card_number']).fill('4242 4242 4242 4242');
    await buyer.locator('form[data-plain-form] button[type=submit]').click();
    await expect(buyer.locator('[data-outcome="succeeded"]')).toBeVisible();

    await buyer.goto(`/board/${lotId}/offer`);
    await buyer.getByRole('textbox', { name: /^Volume/ }).fill('5');
    await buyer.getByRole('radio', { name: new RegExp(en['make_offer.payment_wallet']) }).check();
    await buyer.getByRole('button', { name: en['make_offer.submit_buy'] }).click();
    await expect(buyer).toHaveURL(/\/user\/offer\/\d+\?done=offer$/);
    const offerId = Number(new URL(buyer.url()).pathname.split('/').pop());

    await seller.goto(`/user/offer/${offerId}`);
    await expect(seller.getByTestId('deal-money')).toHaveAttribute('data-where', 'not_moved');
    await takeStep(seller, en, 'approve-offer', 'deal.done_approve_offer');
    await expect(seller.getByTestId('deal-money')).toHaveAttribute('data-where', 'frozen');
    // Money sent came with the approval: the buyer has no payment step, only goods received once they are sent.
    await buyer.goto(`/user/offer/${offerId}`);
    await expect(buyer.locator('button[data-action="payment-send"]')).toHaveCount(0);
    await expectNoDeadButtons(buyer);
  });
});

test.describe('[LOTS] favourites and signing in without JavaScript', () => {
  test('a visitor is told to sign in to make an offer and lands on the offer form; a member adds a favourite in Swahili and takes it out again', async ({
    browser,
  }) => {
    const seller = await memberPage(browser, 'demo-gold@mavuno.test');
    const title = `Mahindi ya kupenda ${Date.now().toString(36)}`;
    const lotId = await maizeLot(seller, title);

    const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await visitor.goto(`/fr/board/${lotId}`);
    await visitor.getByRole('link', { name: fr['lot_page.make_offer'] }).first().click();
    await expect(visitor).toHaveURL(/\/fr\/signin\/login\?redirect=.*&for=act$/);
    await expect(visitor.getByTestId('sign-in-to-act')).toHaveText(fr['errors.unauthorized']);
    await visitor.getByRole('textbox', { name: fr['auth.field_login'] }).fill('demo-buyer@mavuno.test');
    await visitor.getByLabel(fr['auth.field_password'], { exact: true }).fill('mavuno-demo');
    await visitor.getByRole('button', { name: fr['auth.sign_in'] }).click();
    await expect(visitor).toHaveURL(new RegExp(`/fr/board/${lotId}/offer$`));
    await expect(visitor.getByRole('button', { name: fr['make_offer.submit_buy'] })).toBeVisible();
    await visitor.context().close();

    // A fresh browser: the catalogue's hearts carry the form token the middleware sets for members.
    const member = await memberPage(browser, 'demo-buyer@mavuno.test');
    const favourites = async () =>
      (await (await member.request.get('/api-v2/board-list/favorites-list-ids')).json()).items;
    const catalogue = `/sw/board?q=${encodeURIComponent(title)}`;
    await member.goto(catalogue);
    const heart = member.getByRole('button', { name: say(sw, 'catalogue.favorite', { title }) });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(member).toHaveURL(new RegExp(`${catalogue.replace(/[?]/g, '\\?')}$`));
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(await favourites()).toContain(lotId);

    // The lot page's button says what it will do, and takes it out.
    await member.goto(`/sw/board/${lotId}`);
    await member.getByRole('button', { name: sw['lot_page.favorite_remove'] }).click();
    await expect(member).toHaveURL(new RegExp(`/sw/board/${lotId}$`));
    await expect(member.getByRole('button', { name: sw['lot_page.favorite_add'] })).toBeVisible();
    expect(await favourites()).not.toContain(lotId);

    // In again, then out from the favourites list.
    await member.getByRole('button', { name: sw['lot_page.favorite_add'] }).click();
    await member.goto('/sw/user/profile/favorite?kind=board');
    await expectNoDeadButtons(member);
    await member.getByRole('button', { name: say(sw, 'my_lots.favorite_remove_named', { title }) }).click();
    await expect(member).toHaveURL(/\/sw\/user\/profile\/favorite/);
    await expect(member.getByRole('link', { name: title })).toHaveCount(0);
    expect(await favourites()).not.toContain(lotId);
  });
});
