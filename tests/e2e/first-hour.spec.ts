import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  expect,
} from '@playwright/test';
import { test } from './test';
import { BOARD_CATEGORIES } from '../../src/server/db/seed/reference/categories';
import { type Dictionary, fr, say, sw } from './dictionaries';
import { type CspViolation, watchCspViolations } from './page-kinds';

/**
 * A member's first hour, end to end, on a 360 px phone, with JavaScript and without: a Kenyan maize farmer in
 * Swahili publishes a lot, sees it in the catalogue with what remains and approves an offer; a buyer in Abidjan in
 * French reads "≈ … FCFA" beside every shilling price, makes an offer and pays it through the sandbox checkout.
 * Every page of a journey is watched for CSP violations (none allowed) and for its language. The details of each
 * step are other specs' (lots, money, deals, no-script-deals, wallet-topup): this one checks they hold together.
 */
const PHONE = { width: 360, height: 740 };
const PASSWORD = 'mavuno-demo';
/** Demo members of docs/demo-data.md no other spec uses: each journey has its own, so they run side by side. */
const FARMER = { js: 'demo-ke-chebet@mavuno.test', plain: 'demo-ke-mwangi@mavuno.test' };
const BUYER = { js: 'demo-ci-bamba@mavuno.test', plain: 'demo-ci-divo@mavuno.test' };
/** A Kenyan trader who buys from the farmers and sells to the buyers, through the API. */
const TRADER = 'demo-ke-otieno@mavuno.test';
const KES = 1;
const BAG_OF_90_KG = 4;
const cereals = BOARD_CATEGORIES.find((category) => category.id === 1)!;
const maize = cereals.children!.find((category) => category.id === 3)!;

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A message's words up to its first {{placeholder}}, as the start of an accessible name. */
const startOf = (dictionary: Dictionary, key: string) => {
  const text = dictionary[key];
  if (text === undefined) throw new Error(`no message ${key}`);
  return new RegExp(`^${literal(text.split('{{')[0])}`);
};
/** Intl's spaces (no-break, narrow no-break) as plain ones, runs of white space as one. */
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();
const cookieMode = () => ({ 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! });

/** A phone's browser, with or without JavaScript, whose every page is watched for CSP violations. */
async function phone(
  browser: Browser,
  javaScriptEnabled: boolean,
  locale: string,
): Promise<{ page: Page; context: BrowserContext; violations: CspViolation[] }> {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled, locale, serviceWorkers: 'block' });
  const violations = await watchCspViolations(context);
  return { page: await context.newPage(), context, violations };
}

/** The page is in `lang`: its <html lang> and its first heading, when `heading` names it. */
async function expectLanguage(page: Page, lang: 'sw' | 'fr', heading?: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}

/** Signs in on the sign-in page (a plain form, enhanced when scripts run) and lands on `then`. */
async function signIn(page: Page, dictionary: Dictionary, lang: 'sw' | 'fr', email: string, then: string) {
  await page.goto(`/${lang}/signin/login?redirect=${encodeURIComponent(then)}`);
  await expectLanguage(page, lang);
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: say(dictionary, 'auth.field_login') }).fill(email);
  await main.getByLabel(say(dictionary, 'auth.field_password'), { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: say(dictionary, 'auth.sign_in'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${literal(then)}$`));
  await expectLanguage(page, lang);
}

/** The trader's API session (the session cookie in a browser context of its own). */
async function traderContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  const login = await context.request.post('/api-v2/user/login', {
    form: { email: TRADER, password: PASSWORD },
    headers: cookieMode(),
  });
  expect(login.status()).toBe(200);
  return context;
}

async function post(request: APIRequestContext, path: string, form: Record<string, string | number>) {
  const response = await request.post(`/api-v2${path}`, { form, headers: cookieMode() });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** The island holding `inside` has hydrated (scrolled to first: client:visible islands hydrate when seen). */
async function hydrated(inside: Locator) {
  const island = inside.locator('xpath=ancestor::astro-island[1]');
  await island.scrollIntoViewIfNeeded();
  // The make-offer dialog hydrates when the pointer comes near it (client:press), as a member's does.
  if ((await island.getAttribute('client')) === 'press') await inside.hover();
  await expect(island).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
}

/** A deal step from its page: with scripts, its button and the dialog's "I confirm"; without, its confirmation page. */
async function takeStep(page: Page, dictionary: Dictionary, js: boolean, action: string) {
  const button = page.locator(`main button[data-action="${action}"]`);
  if (js) {
    await hydrated(button);
    await button.click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: say(dictionary, 'deal.i_confirm') })
      .click();
  } else {
    await button.click();
    await expect(page).toHaveURL(new RegExp(`/user/offer/\\d+/${action}\\??$`));
    await page
      .getByRole('main')
      .getByRole('button', { name: say(dictionary, 'deal.i_confirm') })
      .click();
    await expect(page).toHaveURL(new RegExp(`/user/offer/\\d+\\?done=${action}$`));
  }
  await expect(page.locator(`main button[data-action="${action}"]`)).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Every shilling amount `where` shows has its "≈ … FCFA" beside it: as many CFA-franc approximations as amounts in
 * KES among the visible words (a closed approximation hides its detail, which names KES too), but for nothing
 * (a delivery of "0,00 KES"), which has none, and a field's reading of what was typed ("Compris comme = 3 500,00
 * KES"), which echoes the member's number rather than shows a price.
 */
async function expectFcfaBesideEveryKes(where: Locator, what: string) {
  await expect(where.first()).toBeVisible();
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered words, without the closed details' rate and "paid in KES", are what is counted.
  const shown = plain(await where.innerText());
  const amounts = (shown.match(/(= )?\d[\d ]*(,\d+)? KES/g) ?? []).filter(
    (amount) => !amount.startsWith('=') && !/^0(,0+)? KES$/.test(amount),
  );
  expect(amounts.length, `${what}: ${shown}`).toBeGreaterThan(0);
  const approximations = where.locator('[data-testid="approx-money"][data-currency="XOF"]');
  await expect(approximations, `${what}: ${shown}`).toHaveCount(amounts.length);
  for (const summary of await approximations.all())
    expect(plain(await summary.textContent())).toMatch(/^≈ [\d ]+ FCFA/);
}

for (const js of [true, false]) {
  const how = js ? 'with JavaScript' : 'without JavaScript';

  test.describe(`[JOURNEY] the first hour on a 360 px phone, ${how}`, () => {
    test(`a Kenyan maize farmer in Swahili publishes a lot, finds it with its volume, approves an offer and sees what remains (${how})`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const { page, context, violations } = await phone(browser, js, 'sw-KE');
      const title = `Mahindi ya Kitale ${unique()}`;
      await signIn(page, sw, 'sw', js ? FARMER.js : FARMER.plain, '/sw/board/addLot');
      await expectLanguage(page, 'sw', say(sw, 'lot_form.page_board_sell'));

      let lotId: number;
      if (js) {
        // The lot form: maize, 100 bags of 90 kg at KES 3,600, its place found by searching for the village.
        await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
        const form = page.getByRole('main');
        const field = (key: string) => form.getByRole('textbox', { name: say(sw, key), exact: true });
        const choice = (key: string) => form.getByRole('combobox', { name: say(sw, key), exact: true });
        await field('lot_form.title').fill(title);
        await choice('lot_form.category').selectOption({ label: cereals.name.sw });
        await choice('lot_form.subcategory').selectOption({ label: maize.name.sw });
        await field('lot_form.volume').fill('100');
        await choice('lot_form.unit').selectOption(String(BAG_OF_90_KG));
        await choice('lot_form.currency').selectOption(String(KES));
        await field('lot_form.price').fill('3,600');
        const search = form.getByRole('combobox', { name: say(sw, 'address.search_label') });
        await search.fill('Kitale');
        await form
          .getByRole('option', { name: /^Kitale, .*Kenya/ })
          .first()
          .click();
        await expect(choice('address.village').locator('option:checked')).toHaveText('Kitale');
        await form.getByRole('button', { name: say(sw, 'lot_form.submit_create') }).click();
        await expect(page).toHaveURL(/\/sw\/board\/\d+$/, { timeout: 20_000 });
        lotId = Number(page.url().split('/').pop());
      } else {
        // The same form as a plain form post (docs/lots.md "The lot form without JavaScript"): one category
        // select, the place chosen in the lists, each list shown by posting the form ("Show the regions…").
        const form = page.getByRole('main');
        const field = (key: string) => form.getByRole('textbox', { name: say(sw, key), exact: true });
        const choice = (key: string) => form.getByRole('combobox', { name: say(sw, key), exact: true });
        const countries = await (await page.request.get('/api-v2/country-dropdown')).json();
        await field('lot_form.title').fill(title);
        await choice('lot_form.category').selectOption({ label: maize.name.sw });
        await field('lot_form.volume').fill('100');
        await choice('lot_form.unit').selectOption(String(BAG_OF_90_KG));
        await choice('lot_form.currency').selectOption(String(KES));
        await field('lot_form.price').fill('3,600');
        await choice('address.country').selectOption(
          String(countries.items.find((c: { code: string }) => c.code === 'KE').id),
        );
        await form.getByRole('button', { name: say(sw, 'lot_form.refresh_places') }).click();
        await expect(field('lot_form.title')).toHaveValue(title);
        await choice('address.region').selectOption({ label: 'Trans-Nzoia' });
        await form.getByRole('button', { name: say(sw, 'lot_form.refresh_places') }).click();
        await choice('address.village').selectOption({ label: 'Kitale' });
        await expect(field('lot_form.price')).toHaveValue('3,600');
        await form.getByRole('button', { name: say(sw, 'lot_form.submit_create') }).click();
        await expect(page).toHaveURL(/\/sw\/board\/\d+$/);
        lotId = Number(page.url().split('/').pop());
      }
      await expectLanguage(page, 'sw', title);
      await expect(page.getByTestId('lot-price')).toContainText('3,600');

      // The catalogue: the card with its 100 bags.
      const catalogue = `/sw/board?q=${encodeURIComponent(title)}`;
      await page.goto(catalogue);
      await expectLanguage(page, 'sw');
      const card = page
        .getByRole('main')
        .getByRole('article')
        .filter({ has: page.getByRole('link', { name: title }) });
      await expect(card).toContainText(/100 × /);

      // A trader offers KES 3,500 for 20 bags; the farmer finds it among the offers and approves it.
      const traderSession = await traderContext(browser);
      const trader = traderSession.request;
      const offer = await post(trader, '/offer/create-offer', {
        'Offer[order_id]': lotId,
        'Offer[order_type]': 'board_list',
        'Offer[price]': 3500,
        'Offer[volume]': 20,
      });
      await page.goto('/sw/user/offers');
      await expectLanguage(page, 'sw');
      await page.locator(`main [data-offer-id="${offer.id}"] a[href$="/user/offer/${offer.id}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`/sw/user/offer/${offer.id}$`));
      await expectLanguage(page, 'sw');
      await takeStep(page, sw, js, 'approve-offer');
      await expect(page.getByTestId('deal-status')).toHaveText(say(sw, 'deal.status_approved'));

      // The catalogue says what remains: 80 of the 100 bags.
      await page.goto(catalogue);
      const left = new RegExp(
        literal(sw['catalogue.volume_left'])
          .replace('\\{\\{left\\}\\}', '80( × .+)?')
          .replace('\\{\\{total\\}\\}', '100 × .+'),
      );
      await expect(card).toContainText(left);
      // A refusal the browser reports late (an image, a tile) still counts.
      await page.waitForLoadState('networkidle');
      expect(violations).toEqual([]);
      await context.close();
      await traderSession.close();
    });

    test(`a buyer in Abidjan in French sees ≈ FCFA beside every KES price, makes an offer and pays it online; the money is held for the deal (${how})`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const traderSession = await traderContext(browser);
      const trader = traderSession.request;
      const countries = await (await trader.get('/api-v2/country-dropdown')).json();
      const title = `Maïs de Kitale ${unique()}`;
      const lot = await post(trader, '/board-list/create-quote', {
        'BoardList[type]': 'sell',
        'BoardList[category_id]': maize.id,
        'BoardList[title]': title,
        'BoardList[volume]': 100,
        'BoardList[min_volume]': 5,
        'BoardList[max_volume]': 50,
        'BoardList[per_unit_id]': BAG_OF_90_KG,
        'BoardList[price]': 3600,
        'BoardList[currency_id]': KES,
        'BoardList[country_id]': countries.items.find((c: { code: string }) => c.code === 'KE').id,
        'BoardList[latitude]': 1.0157,
        'BoardList[longitude]': 35.0062,
      });

      // Her profile's currency is the CFA franc (the demo members of Côte d'Ivoire).
      const { page, context, violations } = await phone(browser, js, 'fr-CI');
      await signIn(page, fr, 'fr', js ? BUYER.js : BUYER.plain, '/fr/board');
      await expectLanguage(page, 'fr', say(fr, 'catalogue.title_board'));
      // Every card of the first page priced in shillings, then the new lot's.
      const cards = page.getByRole('main').getByRole('article');
      await expect(cards.first()).toBeVisible();
      let kenyan = 0;
      for (const card of await cards.all()) {
        if (!/\d KES/.test(plain(await card.textContent()))) continue;
        kenyan += 1;
        await expectFcfaBesideEveryKes(card, `a catalogue card (${kenyan})`);
      }
      expect(kenyan).toBeGreaterThan(0);
      await page.goto(`/fr/board?q=${encodeURIComponent(title)}`);
      const card = cards.filter({ has: page.getByRole('link', { name: title }) });
      await expectFcfaBesideEveryKes(card, 'the new lot’s card');

      // The lot page: the price and the total cost.
      await card.getByRole('link', { name: title }).first().click();
      await expect(page).toHaveURL(new RegExp(`/fr/board/${lot.id}$`));
      await expectLanguage(page, 'fr', title);
      await expectFcfaBesideEveryKes(page.locator('section[aria-labelledby="lot-price-title"]'), 'the lot’s price');

      // The offer: 20 bags at KES 3,500, paid online.
      const makeOffer = page
        .getByRole('main')
        .getByRole('button', { name: say(fr, 'lot_page.make_offer') })
        .first();
      let form: Locator;
      if (js) {
        await hydrated(makeOffer);
        await makeOffer.click();
        form = page.getByRole('dialog');
      } else {
        await makeOffer.click();
        await expect(page).toHaveURL(new RegExp(`/fr/board/${lot.id}/offer\\??$`));
        await expectLanguage(page, 'fr', say(fr, 'lot_page.make_offer'));
        form = page.getByRole('main');
        await expectFcfaBesideEveryKes(form.locator('form'), 'the offer page');
      }
      await form.getByRole('textbox', { name: startOf(fr, 'make_offer.price_per_unit') }).fill('3 500');
      await form.getByRole('textbox', { name: startOf(fr, 'make_offer.volume') }).fill('20');
      if (js) {
        await expect.poll(async () => plain(await form.getByTestId('offer-total').textContent())).toBe('70 000,00 KES');
        await expectFcfaBesideEveryKes(form, 'the offer dialog');
      }
      await form.getByRole('radio', { name: new RegExp(`^${literal(say(fr, 'make_offer.payment_online'))}`) }).check();
      await form.getByRole('button', { name: say(fr, 'make_offer.submit_buy') }).click();
      await expect(page).toHaveURL(/\/fr\/user\/offer\/\d+(\?done=offer)?$/, { timeout: 20_000 });
      const offerId = Number(new URL(page.url()).pathname.split('/').pop());
      await expectLanguage(page, 'fr');
      await expectFcfaBesideEveryKes(page.locator('section[aria-labelledby="deal-figures"]'), 'the deal’s figures');

      // The trader approves; she pays by card on the sandbox's checkout and comes back to the deal.
      await post(trader, '/offer/approve-offer', { id: offerId });
      await page.goto(`/fr/user/offer/${offerId}`);
      const money = page.getByTestId('deal-money');
      await expect(money.locator(':scope > [data-testid="approx-money"][data-currency="XOF"]')).toBeVisible();
      await money.getByRole('button', { name: startOf(fr, 'deal.pay_card') }).click();
      await expect(page).toHaveURL(/\/fr\/sandbox-checkout\//);
      await expectLanguage(page, 'fr');
      const checkout = page.getByRole('main');
      await checkout.getByLabel(say(fr, 'sandbox_checkout.card_number')).fill('4242 4242 4242 4242');
      await checkout.getByRole('button', { name: startOf(fr, 'sandbox_checkout.pay') }).click();
      await expect(page).toHaveURL(new RegExp(`/fr/user/offer/${offerId}\\?reference=`), { timeout: 20_000 });
      await expectLanguage(page, 'fr');
      await expect(money).toHaveAttribute('data-where', 'frozen');
      // The whole sentence after the amount ("… payés en ligne par l'acheteur sont bloqués …").
      await expect(money).toContainText(fr['deal.money_online_frozen'].split('}}')[1].trim());
      await expect(page.getByTestId('deal-pay')).toHaveCount(0);
      // A refusal the browser reports late (an image, a tile) still counts.
      await page.waitForLoadState('networkidle');
      expect(violations).toEqual([]);
      await context.close();
      await traderSession.close();
    });
  });
}
