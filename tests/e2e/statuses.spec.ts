import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type APIResponse, expect } from '@playwright/test';
import { test } from './test';

/**
 * Every route — each page file in src/pages in each language, each API endpoint of the OpenAPI document — asked
 * with hostile paths, query strings, headers, methods and bodies: none may answer 5xx (docs/architecture.md
 * "Statuses, errors and request ids"), and every answer carries a request id.
 */
const PAGES_DIR = path.resolve('src/pages');
const PREFIXES = ['', '/sw', '/fr'];
/** Values for a route's dynamic segments: a plausible id and garbage. */
const SAMPLES = ['1', 'abc%20def'];

/** The addresses of the page files: `board/[id].astro` → `/board/1`, `/board/999999999999`, … */
function pageRoutes(): string[] {
  const files = readdirSync(PAGES_DIR, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.(astro|ts)$/.test(file),
  );
  const routes = new Set<string>();
  for (const file of files) {
    const route = `/${file.replace(/\\/g, '/').replace(/\.(astro|ts)$/, '')}`.replace(/\/index$/, '') || '/';
    // Astro's error pages answer for other addresses; asked directly, they are not pages.
    if (route === '/404' || route === '/500') continue;
    for (const sample of route.includes('[') ? SAMPLES : ['']) {
      routes.add(route.replace(/\[\.\.\.[^\]]+\]/g, `${sample}/x`).replace(/\[[^\]]+\]/g, sample) || '/');
    }
  }
  return [...routes].sort();
}

const HOSTILE_QUERIES = [
  'page=%FF&q=%00&id[]=1&id[x]=2&sort=%27%3Bdrop&per-page=-1&to=%FF&from=%00&return=//evil.example',
  `page=99999999999999999999&token=${'x'.repeat(4000)}&${Array.from({ length: 300 }, (_, i) => `k${i}=v`).join('&')}`,
];
const HOSTILE_HEADERS: Record<string, string>[] = [
  { Cookie: `mavuno_session=${'x'.repeat(4000)}; mavuno_locale=%FF; =;;`, 'Accept-Language': ';;q=abc,*;q=NaN,@@' },
  { Cookie: 'mavuno_session=%FF%00', 'Accept-Language': 'x-'.repeat(1500), 'X-Request-Id': 'bad id <script>' },
  { Authorization: 'Bearer %00', Referer: 'http://[bad', 'If-None-Match': '"x"', Range: 'bytes=9-1' },
];
/** Suffixes of a path: encodings that do not decode, double encoding, doubled slashes, climbing, a null byte. */
const HOSTILE_SUFFIXES = ['/%25', '/%FF', '/%E0%A4%A', '//x', '/..%2F..%2Fetc', '/%00', `/${'a'.repeat(3000)}`];
const HOSTILE_BODIES: [string, string][] = [
  [
    'application/x-www-form-urlencoded',
    'email[]=a&password[x]=1&price=1e400&id=99999999999999999999&_csrf=%00&%FF=%FF',
  ],
  ['multipart/form-data; boundary=zzz', '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb'],
  ['application/json', '{"email":'],
  ['text/plain', 'x'.repeat(20_000)],
  ['application/x-www-form-urlencoded; charset=nonsense', 'a=%E0%A4%A'],
];
const ODD_METHODS = ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'];

async function expectNoFault(response: APIResponse, what: string) {
  const status = response.status();
  expect(status, `${what} answered ${status}: ${(await response.text()).slice(0, 200)}`).toBeLessThan(500);
  expect(response.headers()['x-request-id'], `${what}: request id`).toBeTruthy();
}

/** The n-th of a list, round and round: each route gets some of the hostile variants, all routes get them all. */
const nth = <T>(list: T[], n: number): T => list[n % list.length];

/**
 * The hostile requests for one address: in its first language all kinds (query, headers, body, method, path), in
 * the others a query and a path; which variant of each kind turns with `turn`, so the run stays short.
 */
function hostileRequests(request: APIRequestContext, base: string, addresses: string[], turn: number) {
  const asks: [string, () => Promise<APIResponse>][] = [];
  addresses.forEach((address, i) => {
    const url = `${base}${address}`;
    const query = nth(HOSTILE_QUERIES, turn + i);
    const suffix = nth(HOSTILE_SUFFIXES, turn + i);
    asks.push([`GET ${address}?${query.slice(0, 40)}`, () => request.get(`${url}?${query}`)]);
    asks.push([`GET ${address}${suffix.slice(0, 20)}`, () => request.get(`${url.replace(/\/$/, '')}${suffix}`)]);
    if (i > 0) return;
    const headers = nth(HOSTILE_HEADERS, turn);
    const [type, data] = nth(HOSTILE_BODIES, turn);
    const method = nth(ODD_METHODS, turn);
    asks.push([`GET ${address} (headers)`, () => request.get(url, { headers })]);
    asks.push([
      `POST ${address} (${type})`,
      () => request.post(url, { headers: { 'Content-Type': type, Origin: base }, data, maxRedirects: 0 }),
    ]);
    asks.push([`${method} ${address}`, () => request.fetch(url, { method, maxRedirects: 0 })]);
  });
  return Promise.all(asks.map(async ([what, send]) => expectNoFault(await send(), what)));
}

test.describe('[SERVER] no request answers 5xx', () => {
  const pages = pageRoutes();

  test('finds the pages it asks', () => {
    expect(pages).toEqual(expect.arrayContaining(['/', '/board', '/board/1', '/signin/login', '/offline']));
  });

  pages.forEach((page, turn) => {
    test(`page ${page} in each language`, async ({ request, baseURL }) => {
      const addresses = PREFIXES.map((prefix) => (prefix && page === '/' ? prefix : `${prefix}${page}`));
      await hostileRequests(request, baseURL!, addresses, turn);
    });
  });

  test('every API endpoint of the OpenAPI document', async ({ request, baseURL }) => {
    // Some 290 endpoints (the back office's among them) with hostile variants each: more than the default 30 s on 2 busy cores.
    test.setTimeout(120_000);
    const document = await (await request.get('/api-v2/openapi.json')).json();
    const routes = Object.keys(document.paths as Record<string, unknown>);
    expect(routes.length).toBeGreaterThan(30);
    const addresses = routes.flatMap((route) =>
      (route.includes('{') ? SAMPLES : ['']).map((sample) => `/api-v2${route.replace(/\{[^}]+\}/g, sample)}`),
    );
    // A few endpoints at a time: hostile, not a load test.
    for (let i = 0; i < addresses.length; i += 4) {
      await Promise.all(
        addresses.slice(i, i + 4).map((address, j) => hostileRequests(request, baseURL!, [address], i + j)),
      );
    }
  });
});

test.describe('[SERVER] deliberate statuses', () => {
  test('the offline page answers at its address in each language', async ({ request }) => {
    for (const address of ['/offline', '/sw/offline', '/fr/offline', '/offline.html']) {
      const response = await request.get(address);
      expect(response.status(), address).toBe(200);
      const html = await response.text();
      for (const title of ['You are offline', 'Uko nje ya mtandao', 'Vous êtes hors ligne'])
        expect(html).toContain(title);
    }
  });

  test('an address that cannot be decoded names no page, in any language', async ({ request }) => {
    for (const address of ['/fr/%25', '/sw/%FF', '/%E0%A4%A', '/sw/board/%25', '/fr/%2525']) {
      expect((await request.get(address)).status(), address).toBe(404);
    }
    const french = await request.get('/fr/%25');
    expect(await french.text()).toContain('Cette page est introuvable');
  });

  test('pages refuse methods they do not take with 405 and say which they do', async ({ request }) => {
    for (const method of ['PUT', 'DELETE', 'TRACE']) {
      const response = await request.fetch('/fr/board', { method });
      expect(response.status(), method).toBe(405);
      expect(response.headers().allow).toBe('GET, HEAD, POST');
    }
  });

  test('each answer carries a request id: a sane one is kept, another replaced', async ({ request }) => {
    const kept = await request.get('/faq', { headers: { 'X-Request-Id': 'edge-4f2a.7' } });
    expect(kept.headers()['x-request-id']).toBe('edge-4f2a.7');
    const replaced = await request.get('/api-v2/country-dropdown', { headers: { 'X-Request-Id': 'a b <c>' } });
    expect(replaced.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
