import { type APIRequestContext, type Browser, type Locator, type Page, expect } from '@playwright/test';
import { test } from './test';
import { en, fr, say } from './dictionaries';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
/** Intl's spaces (no-break, narrow no-break) as plain ones, runs of white space as one. */
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();
/** The number an approximation shows ("≈ 15 700 FCFA" → 15700). */
const shownAmount = (text: string | null) => Number(plain(text).replace(/\D/g, ''));
const origin = () => ({ Origin: test.info().project.use.baseURL! });
const cookieMode = () => ({ 'X-Session-Mode': 'cookie', ...origin() });

/** The stored indicative rates (units per US dollar) and currency ids, by code. */
async function currencies(request: APIRequestContext) {
  const items: { id: number; code: string; per_usd: string }[] = (
    await (await request.get('/api-v2/bank-currency/filter-currency-dropdown')).json()
  ).items;
  return Object.fromEntries(items.map((item) => [item.code, { id: item.id, perUsd: Number(item.per_usd) }]));
}

/** What a page shows for `kes` shillings in CFA francs: converted at the stored rates, three significant digits. */
async function fcfaOf(request: APIRequestContext, kes: number) {
  const rates = await currencies(request);
  return Number(((kes / rates.KES.perUsd) * rates.XOF.perUsd).toPrecision(3));
}

async function countryId(request: APIRequestContext, code: string): Promise<number> {
  const countries = await (await request.get('/api-v2/country-dropdown')).json();
  return countries.items.find((c: { code: string }) => c.code === code).id;
}

/** A browser page signed in (session cookie) as a demo account. */
async function demoPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const login = await page.request.post('/api-v2/user/login', {
    form: { email, password: 'mavuno-demo' },
    headers: cookieMode(),
  });
  expect(login.status()).toBe(200);
  return page;
}

/** A new member signed up and signed in (session cookie) in a context of its own. */
async function newMember(browser: Browser, fields: Record<string, string | number>, locale = 'en-US') {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const email = `money-${unique()}@mavuno.test`;
  const signup = await page.request.post('/api-v2/user/signup/', {
    form: {
      'SignupForm[first_name]': 'Awa',
      'SignupForm[last_name]': 'Koné',
      'SignupForm[email]': email,
      'SignupForm[password]': 'mavuno-2026',
      'SignupForm[password_repeat]': 'mavuno-2026',
      'SignupForm[trader_status]': 'trader',
      ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [`SignupForm[${name}]`, value])),
    },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const login = await page.request.post('/api-v2/user/login', {
    form: { email, password: 'mavuno-2026' },
    headers: cookieMode(),
  });
  expect(login.status()).toBe(200);
  return page;
}

/** A Kenyan maize lot of demo-gold's, in shillings per 90 kg bag. */
async function kenyanMaize(seller: Page, price = 3600) {
  const title = `Maize for Abidjan ${unique()}`;
  const created = await seller.request.post('/api-v2/board-list/create-quote', {
    headers: cookieMode(),
    form: {
      'BoardList[type]': 'sell',
      'BoardList[category_id]': 3,
      'BoardList[title]': title,
      'BoardList[volume]': 100,
      'BoardList[min_volume]': 5,
      'BoardList[max_volume]': 50,
      'BoardList[per_unit_id]': 4,
      'BoardList[price]': price,
      'BoardList[currency_id]': 1,
      'BoardList[country_id]': await countryId(seller.request, 'KE'),
      'BoardList[latitude]': -0.3,
      'BoardList[longitude]': 36.07,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return { id: (await created.json()).id as number, title };
}

async function hydrated(inside: Locator) {
  const island = inside.page().locator('astro-island', { has: inside }).last();
  await island.scrollIntoViewIfNeeded();
  // The make-offer dialog hydrates when the pointer comes near it (client:press), as a member's does.
  if ((await island.getAttribute('client')) === 'press') await inside.hover();
  await expect(island).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
}

/** The CFA-franc approximation inside `where` shows the amount `kes` shillings come to. */
async function expectFcfa(where: Locator, request: APIRequestContext, kes: number) {
  const approx = where.locator('[data-testid="approx-money"][data-currency="XOF"]').first();
  await expect(approx).toBeVisible();
  const shown = await approx.locator('summary').textContent();
  expect(plain(shown)).toMatch(/^≈ [\d ]+ FCFA$/);
  expect(shownAmount(shown)).toBe(await fcfaOf(request, kes));
  return approx;
}

test.describe('[MONEY] prices in the reader’s currency', () => {
  test('a French buyer in Abidjan (profile currency XOF) sees ≈ FCFA beside every KES price: catalogue, lot page, offer dialog as she types, deal page and cabinet; Pay now names the networks', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const seller = await demoPage(browser, 'demo-gold@mavuno.test');
    const lot = await kenyanMaize(seller);
    // Her browser speaks French of France (EUR): her profile's currency wins.
    const buyer = await newMember(
      browser,
      {
        locale: 'fr',
        currency_id: (await currencies(seller.request)).XOF.id,
        country_id: await countryId(seller.request, 'CI'),
      },
      'fr-FR',
    );

    // The catalogue card: KES 3,600 per bag, about 15,700 FCFA.
    await buyer.goto(`/fr/board?q=${encodeURIComponent(lot.title)}`);
    const card = buyer.locator('article', { hasText: lot.title }).first();
    await expectFcfa(card, buyer.request, 3600);
    await expect(card.locator('[data-currency="EUR"]')).toHaveCount(0);

    // The lot page: the price and the total cost (100 bags); a tap shows the rate and that KES is what is paid.
    await buyer.goto(`/fr/board/${lot.id}`);
    const priceCard = buyer.locator('section[aria-labelledby="lot-price-title"]');
    const price = await expectFcfa(priceCard, buyer.request, 3600);
    await expect(price.locator('span')).toBeHidden();
    await price.locator('summary').click();
    await expect(price.locator('span')).toBeVisible();
    expect(plain(await price.locator('span').textContent())).toContain('1 KES ≈');
    expect(plain(await price.locator('span').textContent())).toContain('en KES');
    await expectFcfa(priceCard.locator('dd').first(), buyer.request, 360_000);

    // The offer dialog: the totals' approximation follows what she types.
    const open = buyer.getByRole('button', { name: fr['lot_page.make_offer'] });
    await hydrated(open);
    await open.click();
    const dialog = buyer.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Prix/ }).fill('3 500');
    await dialog.getByRole('textbox', { name: /^Quantité|^Volume/ }).fill('10');
    const total = dialog.locator('dd:has([data-testid="offer-total"])');
    await expect.poll(async () => plain(await dialog.getByTestId('offer-total').textContent())).toBe('35 000,00 KES');
    await expectFcfa(total, buyer.request, 35_000);
    await dialog.getByRole('textbox', { name: /^Quantité|^Volume/ }).fill('20');
    await expect
      .poll(async () => shownAmount(await total.getByTestId('approx-money').locator('summary').textContent()))
      .toBe(await fcfaOf(buyer.request, 70_000));
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await dialog.getByRole('radio', { name: new RegExp(`^${literal(fr['make_offer.payment_online'])}`) }).check();
    await dialog.getByRole('button', { name: fr['make_offer.submit_buy'] }).click();
    await buyer.waitForURL(/\/fr\/user\/offer\/\d+$/, { timeout: 20_000 });
    const offerId = Number(buyer.url().split('/').pop());

    // The deal page: every figure, the total with delivery too.
    const figures = buyer.locator('section[aria-labelledby="deal-figures"]');
    await expectFcfa(figures.locator('div', { hasText: fr['deal.total_with_delivery'] }).last(), buyer.request, 70_000);

    // The offers list of the cabinet.
    await buyer.goto('/fr/user/offers');
    await expectFcfa(
      buyer.locator(`[data-offer-id="${offerId}"] dl > div`, { hasText: fr['deal.total_with_delivery'] }),
      buyer.request,
      70_000,
    );

    // Approved, the deal waits for her online payment: mobile money names what a KES checkout takes (M-Pesa), and
    // the wallet names her own country's networks.
    const approved = await seller.request.post('/api-v2/offer/approve-offer', {
      headers: cookieMode(),
      form: { id: offerId },
    });
    expect(approved.status(), await approved.text()).toBe(200);
    await buyer.goto(`/fr/user/offer/${offerId}`);
    await expectFcfa(buyer.getByTestId('deal-money'), buyer.request, 70_000);
    // The cabinet: the deal in My deals, its amount on the "to pay" money card (a link: the amount alone, no details).
    await buyer.goto('/fr/user/profile/deals');
    await expectFcfa(
      buyer.locator(`[data-offer-id="${offerId}"] dl > div`, { hasText: fr['deal.total_with_delivery'] }),
      buyer.request,
      70_000,
    );
    const toPay = buyer.locator('[data-card="have-to-pay"] [data-testid="approx-money"][data-currency="XOF"]').first();
    expect(shownAmount(await toPay.textContent())).toBe(await fcfaOf(buyer.request, 70_000));
    await buyer.goto(`/fr/user/offer/${offerId}`);
    await expect(buyer.getByTestId('mobile-money-networks')).toHaveText(
      say(fr, 'payments.networks_accepted', { networks: 'M-Pesa' }),
    );
    await buyer.goto('/fr/user/profile/wallet');
    expect(plain(await buyer.getByTestId('mobile-money-networks').textContent())).toContain(
      '(XOF) : MTN MoMo et Orange Money.',
    );
  });

  test('a visitor reads prices in the currency their browser’s country uses, or the one they choose in the footer without JavaScript; the cached page never mixes them', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const seller = await demoPage(browser, 'demo-gold@mavuno.test');
    const lot = await kenyanMaize(seller, 4200);
    const visitor = async (locale: string) =>
      (await browser.newContext({ locale, javaScriptEnabled: false })).newPage();

    // Abidjan's browser (fr-CI): FCFA, twice (the second answer may come from the render cache).
    const abidjan = await visitor('fr-CI');
    for (let i = 0; i < 2; i += 1) {
      await abidjan.goto(`/fr/board/${lot.id}`);
      await expectFcfa(abidjan.locator('section[aria-labelledby="lot-price-title"]'), abidjan.request, 4200);
    }

    // French without a country names no currency: the price alone, from the same address.
    const french = await visitor('fr');
    await french.goto(`/fr/board/${lot.id}`);
    await expect(french.getByTestId('approx-money')).toHaveCount(0);

    // The footer's plain form: choose the CFA franc…
    const chooser = french.getByTestId('display-currency');
    await chooser.getByRole('combobox', { name: fr['footer.currency_label'] }).selectOption('XOF');
    await chooser.getByRole('button', { name: fr['footer.currency_submit'] }).click();
    await expect(french).toHaveURL(new RegExp(`/fr/board/${lot.id}$`));
    await expectFcfa(french.locator('section[aria-labelledby="lot-price-title"]'), french.request, 4200);
    // …then only the seller's currency, which also wins over Abidjan's browser.
    await chooser.getByRole('combobox', { name: fr['footer.currency_label'] }).selectOption('none');
    await chooser.getByRole('button', { name: fr['footer.currency_submit'] }).click();
    await expect(french.getByTestId('approx-money')).toHaveCount(0);
    await abidjan
      .context()
      .addCookies([{ name: 'display_currency', value: 'none', url: test.info().project.use.baseURL! }]);
    await abidjan.goto(`/fr/board/${lot.id}`);
    await expect(abidjan.getByTestId('approx-money')).toHaveCount(0);
    await abidjan.context().clearCookies();
    await abidjan.goto(`/fr/board/${lot.id}`);
    await expect(abidjan.getByTestId('approx-money').first()).toBeVisible();
  });
});

/** The PIN of the last SMS to `phone`, read from the development mailbox. */
async function pinFromMailbox(page: Page, phone: string) {
  const mailbox = await page.context().newPage();
  await mailbox.goto('/dev/mailbox');
  const template = en['accounts.pin_sms#other'].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(template.replace('\\{\\{pin\\}\\}', '(\\d{4})').replace('\\{\\{count\\}\\}', '\\d+'));
  const sms = mailbox
    .getByRole('region', { name: en['mailbox.sms_title'] })
    .getByRole('listitem')
    .filter({ hasText: phone });
  const pin = pattern.exec((await sms.first().textContent()) ?? '')?.[1];
  await mailbox.close();
  expect(pin).toBeTruthy();
  return pin!;
}

test.describe('[MONEY] share and call', () => {
  test('every visitor can share a lot on WhatsApp; signed-in members get Call and WhatsApp only once the seller allows it, visitors never', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const baseURL = test.info().project.use.baseURL!;
    // A seller with a confirmed phone number (the PIN from the development mailbox), and a machine for sale.
    const phone = `+2547${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
    const context = await browser.newContext();
    const starter = await context.newPage();
    expect((await starter.request.post('/api-v2/user/send-phone-pin', { form: { phone } })).status()).toBe(200);
    const verified = await starter.request.post('/api-v2/user/verify-phone-pin', {
      form: { phone, pin: await pinFromMailbox(starter, phone) },
    });
    expect(verified.status()).toBe(200);
    const phoneToken: string = (await verified.json()).phone_token;
    await context.close();
    const seller = await newMember(browser, {
      first_name: 'Wanjiru',
      phone,
      phone_token: phoneToken,
    });
    const title = `Maize sheller ${unique()}`;
    const created = await seller.request.post('/api-v2/technic-list/create-quote', {
      headers: cookieMode(),
      form: {
        'TechnicList[type]': 'sell',
        'TechnicList[category_id]': 2,
        'TechnicList[title]': title,
        'TechnicList[volume]': 1,
        'TechnicList[per_unit_id]': 8,
        'TechnicList[price]': 85000,
        'TechnicList[price_type]': 'negotiable',
        'TechnicList[currency_id]': 1,
        'TechnicList[country_id]': await countryId(seller.request, 'KE'),
        'TechnicList[latitude]': -0.3,
        'TechnicList[longitude]': 36.07,
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const lotPath = `/agrotechnic/${(await created.json()).id}`;
    const digits = phone.slice(1);

    // A visitor: the WhatsApp share with the title, the price and the page's absolute address, which unfurls with
    // the page's Open Graph tags; no number anywhere.
    const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await visitor.goto(lotPath);
    const share = visitor.getByRole('link', { name: en['lot_page.share_whatsapp'] });
    const href = (await share.getAttribute('href'))!;
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    const text = new URL(href).searchParams.get('text')!;
    expect(text).toContain(title);
    expect(plain(text)).toContain('KES 85,000');
    expect(text).toContain(`${baseURL}${lotPath}`);
    for (const property of ['og:title', 'og:description', 'og:image', 'og:url']) {
      const content = await visitor.locator(`meta[property="${property}"]`).getAttribute('content');
      expect(content, property).toBeTruthy();
      if (property === 'og:image' || property === 'og:url') expect(content!.startsWith(`${baseURL}/`)).toBe(true);
    }
    expect(await visitor.locator('meta[property="og:title"]').getAttribute('content')).toContain(title);
    const callLinks = (page: Page) => page.locator('a[href^="tel:"], a[href^="https://wa.me/2"]');
    await expect(callLinks(visitor)).toHaveCount(0);
    expect(await visitor.content()).not.toContain(digits);

    // A signed-in member: nothing while the seller has not allowed it (off by default).
    const buyer = await newMember(browser, { first_name: 'Kofi' });
    await buyer.goto(lotPath);
    await expect(buyer.getByRole('link', { name: en['lot_page.share_whatsapp'] })).toBeVisible();
    await expect(callLinks(buyer)).toHaveCount(0);

    // The seller allows it on the profile's settings (the switch saves at once).
    await seller.goto('/user/profile/user#notifications');
    const allow = seller.getByRole('switch', { name: en['profile.contact_by_phone'] });
    await hydrated(allow);
    await expect(allow).not.toBeChecked();
    const saved = seller.waitForResponse((r) => r.url().includes('/api-v2/user/update-main-info'));
    await allow.check();
    expect((await saved).status()).toBe(200);

    await buyer.reload();
    const contact = buyer.getByTestId('lot-contact');
    await expect(contact.getByRole('link', { name: /^Call / })).toHaveAttribute('href', `tel:${phone}`);
    const whatsapp = (await contact.getByRole('link', { name: /^WhatsApp / }).getAttribute('href'))!;
    expect(whatsapp.startsWith(`https://wa.me/${digits}?text=`)).toBe(true);
    expect(new URL(whatsapp).searchParams.get('text')).toContain(title);
    // The seller's own page offers no call to themself.
    await seller.goto(lotPath);
    await expect(callLinks(seller)).toHaveCount(0);
    // Visitors still never see it, whether the page is rendered again or served from the cache.
    for (let i = 0; i < 2; i += 1) {
      await visitor.goto(lotPath);
      await expect(callLinks(visitor)).toHaveCount(0);
      expect(await visitor.content()).not.toContain(digits);
    }
  });
});
