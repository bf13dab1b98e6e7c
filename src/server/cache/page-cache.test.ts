import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import compression from 'compression';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageCache, type PageCache } from './page-cache';

const PAGE = `<!doctype html><html><body>${'<p>Maize, 50 kg bags, TZS 72,000</p>'.repeat(40)}</body></html>`;
const PUBLIC = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=60', Vary: 'Cookie' };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A page the fake renderer answers, per path: status, headers and body (written in two chunks, as Astro streams). */
type Route = { status?: number; headers?: OutgoingHttpHeaders; body?: string; gate?: Promise<void> };

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

/** A server wired as src/server/main.ts wires the cache: write watch, compression, then cache in front of rendering. */
async function start(options: { maxEntries?: number; now?: () => number; routes?: Record<string, Route> } = {}) {
  const pages: PageCache = createPageCache({ maxEntries: options.maxEntries ?? 100, now: options.now });
  const renders: string[] = [];
  let body = PAGE;
  const compress = compression({
    threshold: 512,
    filter: (req, res) => pages.mayCompress(res as never) && compression.filter(req, res),
  });
  const render = async (req: IncomingMessage, res: ServerResponse) => {
    renders.push(`${req.method} ${req.url}`);
    const route = options.routes?.[(req.url ?? '/').split('?')[0]] ?? {};
    await route.gate;
    const text = route.body ?? body;
    res.writeHead(route.status ?? 200, route.headers ?? PUBLIC);
    res.write(text.slice(0, 100));
    await new Promise((resolve) => setImmediate(resolve));
    res.end(text.slice(100));
  };
  const server = http.createServer((req, res) => {
    pages.watchWrites(req, res);
    compress(req as never, res as never, () => {
      if (req.method === 'POST') {
        const status = Number(req.headers['x-status'] ?? 200);
        body = `${PAGE}<!-- changed -->`;
        res.writeHead(status);
        res.end();
        return;
      }
      pages.serve(req, res, (rq, rs) => void render(rq, rs));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const request = (path: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  return { pages, renders, request };
}

describe('render cache', () => {
  it('renders an anonymous public page once and serves the same bytes after', async () => {
    const { renders, request } = await start();
    const first = await request('/board?page=2');
    const second = await request('/board?page=2');
    expect(renders).toEqual(['GET /board?page=2']);
    expect(second.status).toBe(200);
    expect(second.body.toString()).toBe(PAGE);
    expect(first.body.toString()).toBe(PAGE);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['cache-control']).toBe('public, max-age=60');
    expect(second.headers.etag).toMatch(/^"[\w-]+"$/);
    // The query string is part of the key.
    await request('/board?page=3');
    expect(renders).toHaveLength(2);
  });

  it('serves each encoding the client accepts, compressed once, with Vary and Content-Encoding', async () => {
    const { renders, request } = await start();
    const br = await request('/faq', { 'Accept-Encoding': 'gzip, br' });
    const gz = await request('/faq', { 'Accept-Encoding': 'gzip' });
    const none = await request('/faq', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    const again = await request('/faq', { 'Accept-Encoding': 'br' });
    expect(renders).toHaveLength(1);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(PAGE);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(PAGE);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(PAGE);
    expect(again.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(again.body).toString()).toBe(PAGE);
    for (const answer of [again, gz, none]) {
      expect(answer.headers.vary).toBe('Cookie, Accept-Encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
    expect(new Set([again.headers.etag, gz.headers.etag, none.headers.etag]).size).toBe(3);
  });

  it('answers 304 to If-None-Match of any encoding of the page, and 200 to another tag', async () => {
    const { request } = await start();
    await request('/faq');
    const { headers } = await request('/faq', { 'Accept-Encoding': 'br' });
    const notModified = await request('/faq', { 'If-None-Match': headers.etag, 'Accept-Encoding': 'gzip' });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toMatch(/-gz"$/);
    expect(notModified.headers['cache-control']).toBe('public, max-age=60');
    const weak = await request('/faq', { 'If-None-Match': `"x", W/${headers.etag}` });
    expect(weak.status).toBe(304);
    const other = await request('/faq', { 'If-None-Match': '"not-this-page"' });
    expect(other.status).toBe(200);
    expect(other.body.toString()).toBe(PAGE);
  });

  it('renders once for concurrent misses of one address; the others wait for that render', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { renders, request } = await start({ routes: { '/lot': { gate } } });
    const answers = Array.from({ length: 6 }, () => request('/lot'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    open();
    const bodies = (await Promise.all(answers)).map((answer) => answer.body.toString());
    expect(renders).toEqual(['GET /lot']);
    expect(bodies).toEqual(Array(6).fill(PAGE));
  });

  it('neither serves nor stores for a request that carries a session (or any other non-language) cookie', async () => {
    const { renders, request } = await start();
    await request('/board', { Cookie: 'mavuno_session=abc' });
    await request('/board', { Cookie: 'i18n_redirected=fr; mavuno_form=xyz' });
    await request('/board', { Authorization: 'Bearer t' });
    expect(renders).toHaveLength(3);
    await request('/board');
    await request('/board', { Cookie: 'mavuno_session=abc' });
    expect(renders).toHaveLength(5);
    // The language cookie alone is harmless: only `/` reads it, and `/` is private.
    await request('/board', { Cookie: 'i18n_redirected=fr' });
    expect(renders).toHaveLength(5);
  });

  it.each([
    ['a 404', { status: 404 }],
    ['a private page', { headers: { ...PUBLIC, 'Cache-Control': 'private, no-cache' } }],
    ['public but no-cache', { headers: { ...PUBLIC, 'Cache-Control': 'public, no-cache' } }],
    ['no Cache-Control', { headers: { 'Content-Type': 'text/html' } }],
    ['a page that sets a cookie', { headers: { ...PUBLIC, 'Set-Cookie': 'a=b; Path=/' } }],
    ['a page varying on User-Agent', { headers: { ...PUBLIC, Vary: 'Cookie, User-Agent' } }],
  ] as [string, Route][])('does not store %s, and sends it as rendered', async (_, route) => {
    const { renders, request } = await start({ routes: { '/x': route } });
    const first = await request('/x', { 'Accept-Encoding': 'gzip' });
    const second = await request('/x', { 'Accept-Encoding': 'gzip' });
    expect(renders).toHaveLength(2);
    expect(first.status).toBe(route.status ?? 200);
    expect(zlib.gunzipSync(second.body).toString()).toBe(PAGE);
    expect(second.headers.etag).toBeUndefined();
    if (route.headers?.['Set-Cookie']) expect(second.headers['set-cookie']).toEqual(['a=b; Path=/']);
  });

  it('keys `/` by the remembered language, and never answers a first visit (no language cookie) from the cache', async () => {
    const root = { headers: { ...PUBLIC, Vary: 'Cookie, Accept-Language' } };
    const { renders, request } = await start({ routes: { '/': root } });
    await request('/', { 'Accept-Language': 'fr' });
    await request('/', { 'Accept-Language': 'fr' });
    expect(renders).toHaveLength(2);
    await request('/', { Cookie: 'i18n_redirected=en' });
    await request('/', { Cookie: 'i18n_redirected=en', 'Accept-Language': 'sw' });
    expect(renders).toHaveLength(3);
    await request('/', { Cookie: 'i18n_redirected=sw' });
    await request('/', { Cookie: 'i18n_redirected=xx' });
    expect(renders).toHaveLength(5);
  });

  it('keys a page by the reader currency the visitor sends (display-currency cookie, else the browser languages)', async () => {
    const page = { headers: { ...PUBLIC, Vary: 'Cookie, Accept-Language' } };
    const { renders, request } = await start({ routes: { '/board': page } });
    // No region, or a region whose currency Mavuno does not trade in: no currency, one render.
    await request('/board');
    await request('/board', { 'Accept-Language': 'fr' });
    await request('/board', { 'Accept-Language': 'en-US,en;q=0.9' });
    expect(renders).toHaveLength(1);
    // Abidjan's browser and a visitor who chose the CFA franc read the same page; Nairobi's is another one.
    await request('/board', { 'Accept-Language': 'fr-CI,fr;q=0.9' });
    await request('/board', { Cookie: 'display_currency=XOF' });
    await request('/board', { Cookie: 'i18n_redirected=fr; display_currency=xof', 'Accept-Language': 'sw-KE' });
    expect(renders).toHaveLength(2);
    await request('/board', { 'Accept-Language': 'sw-KE' });
    expect(renders).toHaveLength(3);
    // "None" in the footer wins over the browser, and is the page without any approximation.
    await request('/board', { Cookie: 'display_currency=none', 'Accept-Language': 'fr-CI' });
    expect(renders).toHaveLength(3);
    // Any other cookie still bypasses the cache.
    await request('/board', { Cookie: 'display_currency=XOF; other=1' });
    expect(renders).toHaveLength(4);
  });

  it('keys an API answer by the language Accept-Language asks for, and keeps only those marked public', async () => {
    const list = { headers: { ...PUBLIC, Vary: 'Accept-Language' } };
    const count = { headers: { ...PUBLIC, 'Cache-Control': 'no-store' } };
    const { renders, request } = await start({
      routes: { '/api-v2/board-list/index': list, '/api-v2/offer/user-offer-count': count },
    });
    await request('/api-v2/board-list/index', { 'Accept-Language': 'fr-FR,fr;q=0.9' });
    await request('/api-v2/board-list/index', { 'Accept-Language': 'fr' });
    expect(renders).toHaveLength(1);
    await request('/api-v2/board-list/index', { 'Accept-Language': 'sw' });
    await request('/api-v2/board-list/index');
    await request('/api-v2/board-list/index', { 'Accept-Language': 'de' });
    expect(renders).toHaveLength(3);
    // Anything else the API answers (no-store by default) is rendered every time.
    await request('/api-v2/offer/user-offer-count');
    await request('/api-v2/offer/user-offer-count');
    expect(renders).toHaveLength(5);
  });

  it('drops every page when a write succeeds, not when it is refused', async () => {
    const { renders, request } = await start();
    await request('/lot');
    await request('/lot', { 'X-Status': '422' }, 'POST');
    expect((await request('/lot')).body.toString()).toBe(PAGE);
    expect(renders).toHaveLength(1);
    await request('/lot', { 'X-Status': '303' }, 'POST');
    expect((await request('/lot')).body.toString()).toBe(`${PAGE}<!-- changed -->`);
    expect(renders).toHaveLength(2);
  });

  it('does not store a render that was under way when a write succeeded', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { renders, request } = await start({ routes: { '/lot': { gate } } });
    const during = request('/lot');
    await new Promise((resolve) => setTimeout(resolve, 30));
    await request('/lot', {}, 'POST');
    // A request after the write does not join the render that began before it.
    const after = request('/lot');
    await new Promise((resolve) => setTimeout(resolve, 30));
    open();
    await Promise.all([during, after]);
    await request('/lot');
    expect(renders).toEqual(['GET /lot', 'GET /lot']);
  });

  it('keeps a page no longer than the max-age it promises', async () => {
    let now = 1_000_000;
    const { renders, request } = await start({ now: () => now });
    await request('/faq');
    now += 59_000;
    await request('/faq');
    expect(renders).toHaveLength(1);
    now += 1_000;
    await request('/faq');
    expect(renders).toHaveLength(2);
  });

  it('holds at most maxEntries pages, dropping the least recently used', async () => {
    const { pages, renders, request } = await start({ maxEntries: 2 });
    await request('/a');
    await request('/b');
    await request('/a');
    await request('/c');
    expect(pages.store.size).toBe(2);
    await request('/a');
    expect(renders).toEqual(['GET /a', 'GET /b', 'GET /c']);
    await request('/b');
    expect(renders).toEqual(['GET /a', 'GET /b', 'GET /c', 'GET /b']);
  });

  it('answers HEAD from a stored page without a body, and does not store a HEAD render', async () => {
    const { renders, request } = await start();
    await request('/faq', {}, 'HEAD');
    await request('/faq', {}, 'HEAD');
    expect(renders).toEqual(['HEAD /faq', 'HEAD /faq']);
    await request('/faq');
    const head = await request('/faq', {}, 'HEAD');
    expect(renders).toHaveLength(3);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(PAGE));
  });

  it('is off with maxEntries 0', async () => {
    const { renders, request } = await start({ maxEntries: 0 });
    await request('/faq');
    await request('/faq');
    expect(renders).toHaveLength(2);
  });

  it('stores and serves nothing while suspended (its notifications lost), and starts empty again', async () => {
    const { pages, renders, request } = await start();
    await request('/faq');
    pages.store.suspend();
    await request('/faq');
    await request('/faq');
    expect(renders).toHaveLength(3);
    pages.store.resume();
    await request('/faq');
    await request('/faq');
    expect(renders).toHaveLength(4);
  });
});
