import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { publishMaizeLot } from './lots';
import { test } from './test';

/**
 * The members' render cache (docs/architecture.md "What a signed-in page costs") against the production server: two
 * members and a visitor take turns on the same pages while the members change favourites, offers, prices and a
 * wallet. Each page shows exactly its reader's data, every time, and a member's own change shows on their very next
 * page; a signed-out browser is never given the member's page again.
 */
type Reader = { name: string; context: APIRequestContext; firstName?: string };
let buyer: Reader;
let seller: Reader;
let visitor: Reader;
let origin: string;

async function signedIn(email: string): Promise<Reader> {
  const context = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
  const login = await context.post('/api-v2/user/login', {
    form: { email, password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const me = await (await context.get('/api-v2/user/index')).json();
  return { name: email, context, firstName: me.first_name };
}

test.beforeAll(async () => {
  origin = test.info().project.use.baseURL!;
  buyer = await signedIn('demo-buyer@mavuno.test');
  seller = await signedIn('demo-gold@mavuno.test');
  visitor = { name: 'visitor', context: await playwrightRequest.newContext({ baseURL: origin }) };
});
test.afterAll(async () => {
  for (const reader of [buyer, seller, visitor]) await reader.context.dispose();
});

/** The page as the reader gets it (English), and whose header it carries: the account menu's first name, or none. */
async function open(reader: Reader, path: string) {
  const response = await reader.context.get(path, { headers: { 'Accept-Language': 'en' }, maxRedirects: 0 });
  const html = await response.text();
  const menu = /data-testid="user-menu"[\s\S]*?<\/summary>/.exec(html)?.[0];
  return { status: response.status(), html, menu, etag: response.headers().etag };
}

/** Every reader on the page, twice in a row (the second from the cache), each seeing their own header. */
async function eachSeesTheirOwn(path: string) {
  for (let round = 0; round < 2; round++) {
    for (const reader of [buyer, visitor, seller]) {
      const page = await open(reader, path);
      expect(page.status, `${reader.name} ${path}`).toBe(200);
      if (reader === visitor) expect(page.menu, `${path}: the visitor's header has no account menu`).toBeUndefined();
      else {
        expect(page.menu, `${reader.name} ${path}`).toContain(reader.firstName!);
        const other = reader === buyer ? seller : buyer;
        expect(page.menu, `${reader.name} ${path}`).not.toContain(other.firstName!);
      }
    }
  }
  // The member's page was kept: the same browser asking whether its copy is current is told so.
  for (const reader of [buyer, seller]) {
    const { etag } = await open(reader, path);
    expect(etag, `${reader.name} ${path}: kept`).toBeTruthy();
    const again = await reader.context.get(path, { headers: { 'Accept-Language': 'en', 'If-None-Match': etag! } });
    expect(again.status(), `${reader.name} ${path}`).toBe(304);
  }
}

/** What the page's heart form for the lot says: its next press adds (not a favourite yet) or removes it. */
function favoriteMark(page: { html: string }, lotId: number): 'favourite' | 'not favourite' | 'no heart form' {
  const form = new RegExp(`name="lot_id" value="${lotId}"/?><input type="hidden" name="favorite" value="([01])"`).exec(
    page.html,
  );
  return !form ? 'no heart form' : form[1] === '0' ? 'favourite' : 'not favourite';
}

const apiPost = (reader: Reader, path: string, form: Record<string, string | number>) =>
  reader.context.post(`/api-v2${path}`, { form, headers: { 'X-Session-Mode': 'cookie' } });

test('two members and a visitor alternate on the same pages; each sees exactly their own data, and their own change at once', async () => {
  expect(buyer.firstName).toBeTruthy();
  expect(seller.firstName).toBeTruthy();
  expect(seller.firstName).not.toBe(buyer.firstName);

  // The seller's new lot, which the buyer will mark, offer on, and see re-priced.
  const word = `kashe${Date.now().toString(36)}`;
  const lotId = await publishMaizeLot(seller.context, {
    title: `Maize ${word}`,
    volume: 200,
    min_volume: 10,
    max_volume: 100,
  });
  const lotPage = `/board/${lotId}`;

  // In each language: a page kept in one language is never another's (the address names it).
  for (const path of ['/sw/board', `/fr${lotPage}`]) {
    await eachSeesTheirOwn(path);
    const { html } = await open(buyer, path);
    expect(html).toContain(`<html lang="${path.slice(1, 3)}"`);
  }
  for (const path of ['/board', lotPage, '/user/offers', '/user/profile/wallet', '/chat']) {
    if (path.startsWith('/user') || path === '/chat') {
      // A member's own page: the visitor is sent to sign in, every time.
      for (let round = 0; round < 2; round++) expect((await open(visitor, path)).status).toBe(302);
      for (const reader of [buyer, seller])
        for (let round = 0; round < 2; round++) {
          const page = await open(reader, path);
          expect(page.status).toBe(200);
          expect(page.menu).toContain(reader.firstName!);
        }
    } else await eachSeesTheirOwn(path);
  }

  // A favourite: the buyer's next lot page says it is one; the seller's and the visitor's do not.
  expect(favoriteMark(await open(buyer, lotPage), lotId)).toBe('not favourite');
  const favorite = await apiPost(buyer, '/board-list/add-favorites-board-list', { board_id: lotId });
  expect(favorite.status(), await favorite.text()).toBe(200);
  expect(favoriteMark(await open(buyer, lotPage), lotId)).toBe('favourite');
  expect(favoriteMark(await open(seller, lotPage), lotId)).not.toBe('favourite');
  expect(favoriteMark(await open(visitor, lotPage), lotId)).toBe('no heart form');
  expect(favoriteMark(await open(buyer, lotPage), lotId)).toBe('favourite');
  await apiPost(buyer, '/board-list/remove-favorites-board-list', { board_id: lotId });
  expect(favoriteMark(await open(buyer, lotPage), lotId)).toBe('not favourite');

  // An offer: on the buyer's offers page at once, and on the seller's, whose page was kept before it was made.
  const shows = async (reader: Reader, path: string, text: string | RegExp) => {
    const { html } = await open(reader, path);
    return typeof text === 'string' ? html.includes(text) : text.test(html);
  };
  expect(await shows(seller, '/user/offers', word)).toBe(false);
  expect(await shows(buyer, '/user/offers', word)).toBe(false);
  const offer = await apiPost(buyer, '/offer/create-offer', {
    'Offer[order_id]': lotId,
    'Offer[order_type]': 'board_list',
    'Offer[price]': 3500,
    'Offer[volume]': 50,
  });
  expect(offer.status(), await offer.text()).toBe(200);
  expect(await shows(buyer, '/user/offers', word), "the buyer's offers").toBe(true);
  expect(await shows(seller, '/user/offers', word), "the seller's offers").toBe(true);
  await eachSeesTheirOwn(lotPage);

  // A new price: the seller's next lot page shows it, and so do the buyer's and the visitor's.
  const repriced = await apiPost(seller, '/board-list/update-prices', {
    'prices[0][id]': lotId,
    'prices[0][price]': 3725,
  });
  expect(repriced.status(), await repriced.text()).toBe(200);
  for (const reader of [seller, buyer, visitor]) expect(await shows(reader, lotPage, /3,725/), reader.name).toBe(true);

  // The wallet: the buyer's top-up shows on the buyer's wallet page at once, and never on the seller's.
  const before = (await open(buyer, '/user/profile/wallet')).html;
  expect(/1,234/.test(before)).toBe(false);
  const started = await apiPost(buyer, '/wallet/top-up', { amount: '1234', currency: 1 });
  expect(started.status(), await started.text()).toBe(200);
  const checkout: string = (await started.json()).checkout_url;
  const checkoutPage = await buyer.context.get(checkout);
  const token = /name="form_token" value="([^"]+)"/.exec(await checkoutPage.text())?.[1] ?? '';
  const paid = await buyer.context.post(checkout, {
    form: { form_token: token, number: '4242424242424242' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBeLessThan(400);
  const after = (await open(buyer, '/user/profile/wallet')).html;
  expect(after === before, 'the wallet page changed').toBe(false);
  expect(/1,234/.test(after), 'the top-up on the wallet page').toBe(true);
  expect(await shows(seller, '/user/profile/wallet', /1,234/), "not on the seller's").toBe(false);

  // Signed out: the cookies the browser held, sent again as they were, never bring the member's page back.
  expect((await open(buyer, '/user/offers')).status).toBe(200);
  expect((await open(buyer, '/board')).menu).toContain(buyer.firstName!);
  const held = (await buyer.context.storageState()).cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  const signout = await buyer.context.post('/api-v2/user/logout', { headers: { 'X-Session-Mode': 'cookie' } });
  expect(signout.status()).toBeLessThan(400);
  const replay = await playwrightRequest.newContext({ baseURL: origin });
  const replayed = (path: string) =>
    replay.get(path, { headers: { Cookie: held, 'Accept-Language': 'en' }, maxRedirects: 0 });
  expect((await replayed('/user/offers')).status()).toBe(302);
  const board = await replayed('/board');
  expect(board.status()).toBe(200);
  expect(await board.text()).not.toContain('data-testid="user-menu"');
  await replay.dispose();
});
