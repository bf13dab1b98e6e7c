import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  expect,
} from '@playwright/test';
import { test } from './test';
import { passSecondFactor } from './staff';

/**
 * Every kind of page of the site, once each: what the accessibility (axe) and the 360 px checks of
 * tests/e2e/pages.spec.ts visit. A new kind of page joins this list, in one language (the kinds take turns
 * between English, Swahili and French, so each language's longer words and layout are checked somewhere).
 */
const GOLD = 'demo-gold@mavuno.test' as const;
const EDITOR = 'demo-editor@mavuno.test' as const;
const ADMIN = 'demo-admin@mavuno.test' as const;
/** Staff pass the back office's second factor once signed in (tests/e2e/staff.ts). */
const STAFF: string[] = [EDITOR, ADMIN];

export interface PageKind {
  name: string;
  /** The demo account the page is seen by (signed in), or none for an anonymous visitor. */
  member?: typeof GOLD | typeof EDITOR | typeof ADMIN;
  /** The page's address, or how to find it with the visitor's own requests. */
  path: string | ((request: APIRequestContext) => Promise<string>);
}

/** A demo lot of a catalogue's first page (the last listed: the newest may be another test's). */
const demoLot = (catalogue: string, sitePath: string) => async (request: APIRequestContext) => {
  const html = await (await request.get(catalogue)).text();
  const ids = [...html.matchAll(new RegExp(`href="${sitePath}/(\\d+)"`, 'g'))].map((match) => match[1]);
  if (ids.length === 0) throw new Error(`no lot on ${catalogue}`);
  return `${sitePath}/${ids[ids.length - 1]}`;
};

/** A demo article on the desk (the editor's own request), in Swahili, with `tail` (`/revisions`). */
const deskArticle = (tail: string) => async (request: APIRequestContext) => {
  const { items } = await (await request.get('/api-v2/article/desk-list?per-page=1')).json();
  if (items.length === 0) throw new Error('no article on the desk');
  return `/sw/desk/articles/${items[0].id}${tail}`;
};

/** A word no line can hold whole: the page must wrap it, not scroll sideways. */
export const LONG_WORD = 'Maharagwe'.repeat(12);

/** A warehouse of the gold member with a line of stock (a new one each time: its page is what is checked). */
async function memberWarehouse(request: APIRequestContext): Promise<string> {
  const headers = { Origin: test.info().project.use.baseURL! };
  const created = await request.post('/api-v2/user-warehouse/create', {
    headers,
    form: { description: 'Ghala la Nakuru', address: 'Barabara ya Kenyatta 12' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = await created.json();
  const stocked = await request.post('/api-v2/user-warehouse/add-product', {
    headers,
    form: { warehouse_id: id, category_kind: 'board', category_id: 3, quantity: '40', per_unit_id: 1 },
  });
  expect(stocked.status(), await stocked.text()).toBe(200);
  return `/sw/user/profile/warehouse/${id}`;
}

/** The receipt of a top-up the member pays with the sandbox's test card (a new one each time), in Swahili. */
async function topUpReceipt(request: APIRequestContext): Promise<string> {
  const headers = { Origin: test.info().project.use.baseURL! };
  const started = await request.post('/api-v2/wallet/top-up', { headers, form: { amount: '25', currency: 1 } });
  expect(started.status(), await started.text()).toBe(200);
  const { reference, checkout_url } = await started.json();
  const checkout = new URL(checkout_url).pathname;
  const token = /name="form_token" value="([^"]+)"/.exec(await (await request.get(checkout)).text())?.[1];
  if (!token) throw new Error('no form on the sandbox checkout page');
  const paid = await request.post(checkout, {
    headers,
    form: { form_token: token, number: '4242 4242 4242 4242' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const payment = await (await request.get(`/api-v2/wallet/payment?reference=${reference}`)).json();
  expect(payment).toMatchObject({ status: 'succeeded', credited: true });
  const receipts = await (await request.get('/user/profile/cabinet-cards/money-cards/my-receipts')).text();
  const number = /href="\/user\/profile\/wallet\/receipt\/(MV-\d+)"/.exec(receipts)?.[1];
  if (!number) throw new Error('no receipt among the member’s receipts');
  return `/sw/user/profile/wallet/receipt/${number}`;
}

/** The gold member's lot whose title and description hold one very long word (made once per worker). */
let longLot: Promise<number> | undefined;
function makeLongWordLot(browser: Browser): Promise<number> {
  longLot ??= (async () => {
    const context = await browser.newContext({ storageState: await stateOf(browser, GOLD) });
    try {
      const countries = await (await context.request.get('/api-v2/country-dropdown')).json();
      const tanzania = countries.items.find((c: { code: string }) => c.code === 'TZ').id;
      const response = await context.request.post('/api-v2/board-list/create-quote', {
        headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
        form: {
          'BoardList[type]': 'sell',
          'BoardList[category_id]': 7,
          'BoardList[title]': `${LONG_WORD} beans`,
          'BoardList[description]': `Sorted ${LONG_WORD}${LONG_WORD} from Mbeya.`,
          'BoardList[volume]': 10,
          // Per bag, not per tonne: lots.spec.ts measures the usual price of beans per tonne in shillings, and a
          // lot of this test in that group would move its median, depending on which runs first.
          'BoardList[per_unit_id]': 4,
          'BoardList[price]': 100_000,
          'BoardList[currency_id]': 4,
          'BoardList[country_id]': tanzania,
          'BoardList[latitude]': -8.9,
          'BoardList[longitude]': 33.4,
        },
      });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()).id as number;
    } finally {
      await context.close();
    }
  })();
  return longLot;
}
const longWordLot = () => {
  if (!longLot) throw new Error('the long-word lot is made by openPageKind first');
  return longLot;
};

export const PAGE_KINDS: PageKind[] = [
  { name: 'home', path: '/' },
  { name: 'home signed in', path: '/sw', member: GOLD },
  { name: 'agro lots board', path: '/board' },
  { name: 'agro lots board as a table', path: '/sw/board?view=table' },
  { name: 'agro lots board as a map', path: '/fr/board?view=map' },
  { name: 'agro lots board signed in', path: '/board', member: GOLD },
  { name: 'seed catalogue', path: '/seed' },
  { name: 'seed buy requests', path: '/sw/seed/orders' },
  { name: 'fertilizer catalogue', path: '/fertil' },
  { name: 'fertilizer buy requests', path: '/fr/fertil/orders' },
  { name: 'machinery catalogue', path: '/agrotechnic' },
  { name: 'agro lot page', path: async (request) => `/fr${await demoLot('/board', '/board')(request)}` },
  { name: 'seed lot page', path: demoLot('/seed', '/seed') },
  { name: 'fertilizer lot page', path: demoLot('/fertil', '/fertil') },
  { name: 'machinery lot page', path: demoLot('/agrotechnic', '/agrotechnic') },
  { name: 'lot page seen by a member', path: demoLot('/board', '/board'), member: GOLD },
  { name: 'lot page with a very long word', path: async () => `/board/${await longWordLot()}` },
  {
    name: 'public profile',
    path: async (request) => {
      const lot = await (await request.get(await demoLot('/board', '/board')(request))).text();
      const id = /href="\/public-profile\/(\d+)"/.exec(lot)?.[1];
      if (!id) throw new Error('no seller link on the lot page');
      return `/public-profile/${id}`;
    },
  },
  { name: 'companies directory', path: '/companies' },
  {
    name: 'company page',
    path: async (request) => {
      const html = await (await request.get('/companies')).text();
      const id = /href="\/companies\/(\d+)"/.exec(html)?.[1];
      if (!id) throw new Error('no company on /companies');
      return `/sw/companies/${id}`;
    },
  },
  { name: 'news', path: '/sw/article' },
  { name: 'news of one category', path: '/article?category=advice' },
  { name: 'article', path: '/article/demo-maize-prices-steady-after-harvest' },
  { name: 'article shown in another language', path: '/fr/article/demo-new-warehouse-receipt-rules' },
  { name: 'FAQ', path: '/faq' },
  { name: 'FAQ searched', path: '/sw/faq?q=pochi' },
  { name: 'terms', path: '/fr/terms-and-conditions' },
  { name: 'privacy policy', path: '/sw/privacy-policy' },
  { name: 'API reference', path: '/api-reference' },
  { name: 'account tiers', path: '/user/pro' },
  { name: 'sign-in', path: '/signin/login' },
  { name: 'sign-up options', path: '/signin/signup-options' },
  { name: 'sign-up', path: '/fr/signin/signup' },
  { name: 'sign-up steps', path: '/signin/signup-steps' },
  { name: 'forgot password', path: '/signin/forgot-password' },
  { name: 'reset password', path: '/signin/reset-password?token=not-a-token' },
  { name: 'contact form', path: '/sw/contact-us' },
  { name: 'not found', path: '/sw/no-such-page' },
  { name: 'coming soon', path: '/user/profile/warehouses' },
  { name: 'agro indices', path: '/statistic' },
  { name: 'price chart', path: '/sw/prices?category=3&compare=7&zoom=3months&currency_id=1' },
  { name: 'warehouse list', path: '/world-warehouse' },
  { name: 'warehouse map', path: '/sw/warehouse/map' },
  {
    name: 'warehouse page',
    path: async (request) => {
      const html = await (await request.get('/world-warehouse?q=Kitale')).text();
      const id = /href="\/world-warehouse\/(\d+)"/.exec(html)?.[1];
      if (!id) throw new Error('no warehouse on /world-warehouse');
      return `/fr/world-warehouse/${id}`;
    },
  },
  { name: 'cabinet', path: '/user/profile/cabinet-cards', member: GOLD },
  { name: 'cabinet card', path: '/user/profile/cabinet-cards/sold-old', member: GOLD },
  { name: 'cabinet money card', path: '/fr/user/profile/cabinet-cards/money-cards/have-to-be-paid', member: GOLD },
  { name: 'wallet explained', path: '/sw/wallet' },
  { name: 'my wallet', path: '/fr/user/profile/wallet', member: GOLD },
  { name: 'my receipts card', path: '/user/profile/cabinet-cards/money-cards/my-receipts', member: GOLD },
  { name: 'a receipt', path: topUpReceipt, member: GOLD },
  { name: 'my deals', path: '/user/profile/deals', member: GOLD },
  { name: 'my lots with a very long word', path: '/user/profile/orders', member: GOLD },
  { name: 'favourites', path: '/user/profile/favorite', member: GOLD },
  { name: 'my warehouses', path: '/sw/user/profile/warehouse', member: GOLD },
  { name: 'new warehouse', path: '/fr/user/profile/warehouse/new', member: GOLD },
  { name: 'public depot picker', path: '/user/profile/warehouse/public?q=depot', member: GOLD },
  { name: 'warehouse card', path: '/user/profile/cabinet-cards/warehouse', member: GOLD },
  { name: 'my warehouse with stock', path: memberWarehouse, member: GOLD },
  { name: 'my price alerts', path: '/sw/user/profile/price-alerts', member: GOLD },
  { name: 'new price alert', path: '/fr/user/profile/price-alerts/new', member: GOLD },
  { name: 'price alert unsubscribe, link not valid', path: `/price-alerts/unsubscribe?token=${'x'.repeat(43)}` },
  { name: 'lot form', path: '/board/addLot', member: GOLD },
  { name: 'machinery lot form', path: '/fr/agrotechnic/addLot', member: GOLD },
  {
    name: 'lot edit form',
    path: async () => `/board/update/${await longWordLot()}`,
    member: GOLD,
  },
  { name: 'offers', path: '/user/offers', member: GOLD },
  {
    name: 'deal page',
    path: async (request) => {
      const { items } = await (await request.get('/api-v2/offer?role=seller')).json();
      const done = items.find((offer: { status: number }) => offer.status === 9);
      if (!done) throw new Error('no finished deal of the demo seller');
      return `/user/offer/${done.id}`;
    },
    member: GOLD,
  },
  {
    name: 'offer page (the dialog as a plain form)',
    path: async (request) => {
      const { items } = await (await request.get('/api-v2/technic-list/index?TechnicQuoteSearch[type]=rent')).json();
      const lot = items.find((item: { is_own: boolean }) => !item.is_own);
      if (!lot) throw new Error('no machine for rent of another member');
      return `/sw/agrotechnic/${lot.id}/offer`;
    },
    member: GOLD,
  },
  {
    name: 'deal step confirmation',
    path: async (request) => {
      const { items } = await (await request.get('/api-v2/offer')).json();
      const open = items.find((offer: { allowed_actions: string[] }) => offer.allowed_actions.length > 0);
      if (!open) throw new Error('no deal with a step for the demo member');
      return `/fr/user/offer/${open.id}/${open.allowed_actions[0]}`;
    },
    member: GOLD,
  },
  { name: 'settings', path: '/user/profile/user', member: GOLD },
  { name: 'financing products', path: '/financing' },
  { name: 'financing products filtered', path: '/sw/financing?purpose=inputs' },
  { name: 'loan documents checklist', path: '/fr/loan-documents' },
  {
    name: 'loan application form',
    path: async (request) => {
      const { items } = await (await request.get('/api-v2/financing/products?purpose=inputs')).json();
      return `/fr/financing/apply/${items[0].id}`;
    },
    member: GOLD,
  },
  { name: 'my loan applications', path: '/user/profile/loans', member: GOLD },
  { name: "editors' desk", path: '/desk', member: EDITOR },
  { name: "editors' desk refused to a member", path: '/desk', member: GOLD },
  { name: 'desk: new article', path: '/desk/articles/new', member: EDITOR },
  { name: 'desk: a new financing product', path: '/sw/desk/financing/new', member: EDITOR },
  { name: 'desk: an article in Swahili', path: deskArticle(''), member: EDITOR },
  { name: 'desk: revisions', path: deskArticle('/revisions'), member: EDITOR },
  { name: "desk: the site's pages", path: '/fr/desk/pages', member: EDITOR },
  { name: 'back office: dashboard', path: '/fr/admin', member: ADMIN },
  { name: 'back office: members', path: '/sw/admin/members', member: ADMIN },
  {
    name: 'back office: a member',
    path: async (request) => {
      const { items } = await (await request.get('/api-v2/admin/members?q=demo-gold')).json();
      return `/admin/members/${items[0].id}`;
    },
    member: ADMIN,
  },
  { name: 'back office: silver requests', path: '/fr/admin/members/silver-requests', member: ADMIN },
  { name: 'back office: verification queue', path: '/sw/admin/verification', member: ADMIN },
  { name: 'back office: companies', path: '/admin/companies', member: ADMIN },
  { name: 'back office: disputes', path: '/fr/admin/money', member: ADMIN },
  { name: 'back office: payouts', path: '/sw/admin/money/payouts', member: ADMIN },
  { name: 'back office: fee settings', path: '/admin/money/settings', member: ADMIN },
  { name: 'back office: deals', path: '/fr/admin/deals', member: ADMIN },
  { name: 'back office: audit trail', path: '/admin/audit', member: ADMIN },
  { name: 'back office: moderation queue', path: '/fr/admin/moderation', member: ADMIN },
  { name: 'back office: support inbox', path: '/sw/admin/support', member: ADMIN },
  { name: 'back office: feature phones', path: '/fr/admin/channels', member: ADMIN },
  { name: 'back office: categories', path: '/fr/admin/reference/categories?kind=board', member: ADMIN },
  { name: 'back office: currencies and rates', path: '/admin/reference/currencies', member: ADMIN },
  { name: 'back office: regions and villages', path: '/sw/admin/reference/places', member: ADMIN },
  { name: 'back office: operations', path: '/fr/admin/operations', member: ADMIN },
  { name: 'back office: a job’s history', path: '/sw/admin/operations/jobs/outbox', member: ADMIN },
  { name: 'back office refused to a member', path: '/fr/admin/members', member: GOLD },
  { name: 'chat rooms', path: '/chat', member: GOLD },
  {
    name: 'chat room',
    // One of the member's rooms (the demo deals' lines made them), else a room about another member's lot.
    path: async (request) => {
      const { items } = await (await request.get('/api-v2/chat/rooms?per-page=1')).json();
      if (items.length > 0) return `/fr/chat?room=${items[0].room_unique_key}`;
      const { items: lots } = await (await request.get('/api-v2/board-list/index?per-page=50')).json();
      for (const lot of lots) {
        const opened = await request.post('/api-v2/chat/add-or-create', {
          headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
          form: { order_id: lot.id, order_type: 'board_list' },
        });
        if (opened.ok()) return `/fr/chat?room=${(await opened.json()).room_unique_key}`;
      }
      throw new Error('no room for the demo member');
    },
    member: GOLD,
  },
];

/** Signed-in states, one sign-in per account and worker (sign-ins are rate-limited). */
const states = new Map<string, Promise<BrowserContextOptions['storageState']>>();
function stateOf(browser: Browser, email: string) {
  let state = states.get(email);
  if (!state) {
    state = (async () => {
      const context = await browser.newContext();
      const baseURL = test.info().project.use.baseURL!;
      const response = await context.request.post('/api-v2/user/login', {
        form: { email, password: 'mavuno-demo' },
        headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
      });
      expect(response.status()).toBe(200);
      if (STAFF.includes(email)) await passSecondFactor(context.request);
      const saved = await context.storageState();
      await context.close();
      return saved;
    })();
    states.set(email, state);
  }
  return state;
}

/** What the page's Content-Security-Policy refused, as the browser reported it. */
export interface CspViolation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

/**
 * Keeps every CSP violation of every page of `context` from its first byte, in the list answered, which grows as
 * pages are visited: each page's `securitypolicyviolation` events (also kept on the page, for cspViolations()), and
 * the browser's own report of each refusal on the console, which is all there is where pages run no script
 * (`javaScriptEnabled: false`: the event's listener never runs). With scripts, one refusal may be listed twice.
 */
const watched = new WeakMap<BrowserContext, CspViolation[]>();
export async function watchCspViolations(context: BrowserContext): Promise<CspViolation[]> {
  const all: CspViolation[] = [];
  watched.set(context, all);
  context.on('console', (message) => {
    if (!/Content Security Policy/.test(message.text())) return;
    const { url, lineNumber } = message.location();
    all.push({ directive: 'console', blocked: '', source: `${url}:${lineNumber}`, sample: message.text() });
  });
  await context.exposeBinding('__reportCspViolation', ({ page }, violation: CspViolation) => {
    all.push({ ...violation, source: `${page.url()} ${violation.source}` });
  });
  await context.addInitScript(() => {
    const seen: CspViolation[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      const violation = {
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        sample: event.sample,
      };
      seen.push(violation);
      (window as unknown as { __reportCspViolation?: (found: CspViolation) => void }).__reportCspViolation?.(violation);
    });
  });
  return all;
}

/**
 * A page kind's address and a browser context of its own for it (its member signed in, `options` such as the
 * viewport applied). openPageKind opens the page in it; tests/e2e/html-validity.spec.ts reads the server's HTML
 * with its cookies (`context.request`) instead.
 */
export async function pageKindContext(
  browser: Browser,
  kind: PageKind,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; path: string }> {
  await makeLongWordLot(browser);
  const context = await browser.newContext({
    // The service worker's precaching would keep the network busy: these checks are about the page.
    serviceWorkers: 'block',
    ...options,
    storageState: kind.member ? await stateOf(browser, kind.member) : undefined,
  });
  const path = typeof kind.path === 'string' ? kind.path : await kind.path(context.request);
  return { context, path };
}

/**
 * Opens a page kind in a context of its own (its member signed in, `options` such as the viewport applied) and
 * answers the page once loaded, having checked that it answered. Every `securitypolicyviolation` the page reports
 * from its first byte is kept for cspViolations().
 */
export async function openPageKind(
  browser: Browser,
  kind: PageKind,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const { context, path } = await pageKindContext(browser, kind, options);
  await watchCspViolations(context);
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  expect(response!.status(), path).toBeLessThan(500);
  // Islands hydrate before the checks: a button disabled until then is not what a reader meets.
  await page.waitForLoadState('networkidle');
  return page;
}

/** The CSP violations the page reported so far (collected by openPageKind). */
export async function cspViolations(page: Page): Promise<CspViolation[]> {
  // The context's list: the events the page reported and the browser's console reports (the only ones a page without
  // JavaScript gives), for every page of the context.
  return (
    watched.get(page.context()) ??
    page.evaluate(() => (window as unknown as { __cspViolations: CspViolation[] }).__cspViolations)
  );
}
