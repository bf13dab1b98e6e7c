/**
 * The render cache in front of Astro (docs/architecture.md "How the render cache stays correct"): anonymous GET/HEAD
 * page requests are answered from ./render-cache.ts when a render of the same address is stored, and a miss renders
 * once for every concurrent request of that address. Only 200 answers that say `public`, set no cookie and vary on
 * nothing but Cookie are stored; each is compressed once and served with an ETag (304 on If-None-Match).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale } from '~/i18n/config';
import { negotiateLocale } from '~/i18n/paths';
import { DISPLAY_CURRENCY_COOKIE, visitorCurrency } from '~/features/money/reader-currency';
import { currentRequestContext, noteRoute } from '~/server/http/request-context';
import { errorMessage, log } from '~/server/log';
import { counter } from '~/server/metrics';
import { type CachedPage, type Encoding, RenderCache } from './render-cache';
import { isSafeMethod } from '~/server/http/methods';
import { WRITE_STAMP_COOKIE } from '~/server/http/write-stamp';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Cookies that may come with a request answered from the cache: the language choice (it matters only to `/`, whose
 * key names it), the display currency (part of every page's key, below) and a former member's write stamp (it says
 * nothing of the page: src/server/http/write-stamp.ts).
 */
const HARMLESS_COOKIES = new Set([LOCALE_COOKIE, DISPLAY_CURRENCY_COOKIE, WRITE_STAMP_COOKIE]);
/** Headers the cache sets itself for each answer, or that belong to one request or connection. */
const OWN_HEADERS = new Set([
  'x-request-id',
  'server-timing',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'vary',
  'date',
  'connection',
  'keep-alive',
]);
const lookups = counter({
  name: 'mavuno_render_cache_lookups_total',
  help: 'Render-cache lookups of requests it may answer: hit (served from memory) or miss (rendered)',
  labelNames: ['result'],
});

const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|manifest\+json)|image\/svg\+xml)/i;
const MIN_COMPRESSED_SIZE = 512;

export function cookies(req: IncomingMessage): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    const name = (at < 0 ? pair : pair.slice(0, at)).trim();
    if (name) map.set(name, at < 0 ? '' : pair.slice(at + 1).trim());
  }
  return map;
}

/**
 * The cache key of a request, or undefined when it may not be answered from the cache (nor its render stored):
 * only anonymous GET/HEAD without credentials and without cookies other than the language and currency choices.
 * A page's key ends with the visitor's reader currency (visitorCurrency, `-` for none). A page's address
 * names its language (`/sw/board`), except `/`, whose language is the visitor's remembered choice: `/` is keyed by
 * that cookie, and a first visit without it (answered with a Set-Cookie or a redirect) is never served from here.
 */
export function cacheKey(req: IncomingMessage): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (req.headers.authorization) return undefined;
  const jar = cookies(req);
  for (const name of jar.keys()) if (!HARMLESS_COOKIES.has(name)) return undefined;
  const url = req.url ?? '/';
  const acceptLanguage = headerText(req.headers['accept-language']);
  // API answers speak the language Accept-Language asks for (src/server/api/app.ts): it is part of their key.
  if (url.startsWith('/api-v2/')) return `${negotiateLocale(acceptLanguage) ?? DEFAULT_LOCALE} ${url}`;
  // Pages show prices also in the visitor's currency, which the middleware takes from the same rule (docs/lots.md
  // "Prices in the reader's currency"): a page rendered for one currency is served only to readers of that currency.
  const currency = ` ${visitorCurrency(jar.get(DISPLAY_CURRENCY_COOKIE), acceptLanguage) ?? '-'}`;
  if (url === '/' || url.startsWith('/?')) {
    const language = jar.get(LOCALE_COOKIE);
    return isLocale(language) ? `${language} ${url}${currency}` : undefined;
  }
  return `${url}${currency}`;
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

export function directives(cacheControl: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of cacheControl.toLowerCase().split(',')) {
    const [name, value = ''] = part.trim().split('=');
    if (name) map.set(name, value.replace(/^"|"$/g, ''));
  }
  return map;
}

export function headerValue(value: OutgoingHttpHeaders[string]): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

export interface RenderedResponse {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * The stored form of a render, or undefined when it may not be stored: not a 200, not `public` (or also `private`,
 * `no-store`, `no-cache`), no positive max-age, a Set-Cookie, or a Vary on anything but Cookie, Accept-Encoding and
 * Accept-Language (the language is part of every key: see cacheKey).
 */
export async function toCachedPage(rendered: RenderedResponse, now: number): Promise<CachedPage | undefined> {
  if (rendered.status !== 200) return undefined;
  const lower = lowerHeaders(rendered.headers);
  if (lower['set-cookie'] !== undefined) return undefined;
  const cache = directives(headerValue(lower['cache-control']) ?? '');
  if (!cache.has('public') || cache.has('private') || cache.has('no-store') || cache.has('no-cache')) return undefined;
  const maxAge = Number(cache.get('s-maxage') ?? cache.get('max-age'));
  if (!Number.isFinite(maxAge) || maxAge <= 0) return undefined;
  const vary = (headerValue(lower.vary) ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (vary.some((name) => !['cookie', 'accept-encoding', 'accept-language'].includes(name.toLowerCase())))
    return undefined;
  return encodeRender(rendered, lower, {
    vary: vary.filter((name) => name.toLowerCase() !== 'accept-encoding').join(', '),
    expires: now + maxAge * 1000,
  });
}

/** The response headers of a render, with lower-case names. */
export const lowerHeaders = (headers: OutgoingHttpHeaders): OutgoingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/**
 * A render as the store keeps it: its headers without the ones each answer sets, its body in every encoding it is
 * served in, its hash. `quality` is brotli's (gzip's level follows it): a page served many times is worth a slower,
 * tighter compression than one a member's next write drops. Undefined when the renderer had encoded it itself.
 */
export async function encodeRender(
  rendered: RenderedResponse,
  lower: OutgoingHttpHeaders,
  { vary, expires, quality = 9 }: { vary: string; expires: number; quality?: number },
): Promise<CachedPage | undefined> {
  const existingEncoding = headerValue(lower['content-encoding']);
  if (existingEncoding && existingEncoding !== 'identity') return undefined;

  const headers: CachedPage['headers'] = [];
  for (const [name, value] of Object.entries(lower)) {
    const text = headerValue(value);
    if (text !== undefined && !OWN_HEADERS.has(name)) headers.push([name, text]);
  }
  const identity = rendered.body;
  const bodies: CachedPage['bodies'] = { identity };
  if (identity.length >= MIN_COMPRESSED_SIZE && COMPRESSIBLE.test(headerValue(lower['content-type']) ?? '')) {
    // Compressed once, so harder than per-response compression could afford.
    const [br, gz] = await Promise.all([
      brotli(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzip(identity, { level: Math.min(9, quality) }),
    ]);
    bodies.br = br;
    bodies.gzip = gz;
  }
  return {
    headers,
    vary,
    bodies,
    hash: createHash('sha256').update(identity).digest('base64url').slice(0, 27),
    expires,
  };
}

/** The best encoding the client accepts among those stored (br, then gzip, then identity). */
export function chooseEncoding(acceptEncoding: string | undefined, page: CachedPage): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (page.bodies.br && quality('br') > 0) return 'br';
  if (page.bodies.gzip && quality('gzip') > 0) return 'gzip';
  return 'identity';
}

const ETAG_SUFFIX: Record<Encoding, string> = { identity: '', br: '-br', gzip: '-gz' };

/** Does If-None-Match name this page (in any of its encodings: the content is the same)? */
export function matchesEtag(ifNoneMatch: string | undefined, page: CachedPage): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const opaque = tag
      .trim()
      .replace(/^W\//, '')
      .replace(/^"|"$/g, '')
      .replace(/-(br|gz)$/, '');
    return opaque === '*' || opaque === page.hash;
  });
}

/** Answers `req` with a stored page: 304 when the client holds it, else the body in the best accepted encoding. */
export function writeCachedPage(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
  const hasVariants = page.bodies.br !== undefined;
  const encoding = chooseEncoding(req.headers['accept-encoding'], page);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of page.headers) headers[name] = value;
  const vary = [page.vary, hasVariants ? 'Accept-Encoding' : ''].filter(Boolean).join(', ');
  if (vary) headers.vary = vary;
  headers.etag = `"${page.hash}${ETAG_SUFFIX[encoding]}"`;
  if (matchesEtag(req.headers['if-none-match'], page)) {
    delete headers['content-type'];
    delete headers['content-language'];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const body = page.bodies[encoding] ?? page.bodies.identity;
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.length);
  res.writeHead(200, headers);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

export interface Captured extends RenderedResponse {
  /** Sends the render as it was written, through the methods the capture stood in for. */
  replay(): void;
}

/**
 * Holds back what a renderer writes to `res` (status, headers, body) instead of sending it, until the renderer
 * ends; undefined when the client went away first.
 */
export function captureResponse(res: ServerResponse): { done: Promise<Captured | undefined> } {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  const chunks: Buffer[] = [];
  let head: unknown[] | undefined;
  const toBuffer = (chunk: unknown, encoding: unknown) =>
    typeof chunk === 'string'
      ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
      : Buffer.from(chunk as Uint8Array);
  const done = new Promise<Captured | undefined>((resolve) => {
    const restore = () => {
      res.writeHead = original.writeHead;
      res.write = original.write;
      res.end = original.end;
      res.off('close', onClose);
    };
    const onClose = () => {
      restore();
      resolve(undefined);
    };
    res.once('close', onClose);
    res.writeHead = ((...args: unknown[]) => {
      head = args;
      return res;
    }) as typeof res.writeHead;
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      chunks.push(toBuffer(chunk, encoding));
      const cb = typeof encoding === 'function' ? encoding : callback;
      if (typeof cb === 'function') queueMicrotask(() => cb());
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
      restore();
      const headArgs = head;
      const status = typeof headArgs?.[0] === 'number' ? headArgs[0] : res.statusCode;
      const headersArg = headArgs?.find((arg, index) => index > 0 && typeof arg === 'object' && arg !== null);
      // Raw header arrays are passed on as they are but never stored.
      const headers: OutgoingHttpHeaders | undefined =
        headArgs === undefined
          ? { ...res.getHeaders() }
          : Array.isArray(headersArg)
            ? undefined
            : { ...(headersArg ?? {}) };
      const body = Buffer.concat(chunks);
      resolve({
        status: headers ? status : 0,
        headers: headers ?? {},
        body,
        replay: () => {
          if (headArgs) (original.writeHead as (...args: unknown[]) => unknown).apply(res, headArgs);
          if (body.length > 0) (original.write as (chunk: Buffer) => boolean).call(res, body);
          (original.end as () => void).call(res);
        },
      });
      const cb = [chunk, encoding, callback].find((arg) => typeof arg === 'function');
      if (typeof cb === 'function') queueMicrotask(() => cb());
      return res;
    }) as typeof res.end;
  });
  return { done };
}

/**
 * A miss of `key`: `render` runs once for every concurrent request of the key (the others wait for it), its answer
 * captured; `keep` says what of it the store may hold. A kept page `accept`ed for this request is answered with
 * `answer`; a render that may not be kept is sent as it was written; a waiter whose page is not for it renders its
 * own. Shared by the anonymous cache and the members' (./member-page-cache.ts).
 */
export function renderThrough(
  store: RenderCache,
  key: string,
  req: IncomingMessage,
  res: ServerResponse,
  render: Renderer,
  handlers: {
    keep: (captured: Captured) => Promise<CachedPage | undefined>;
    answer: (page: CachedPage) => void;
    accept?: (page: CachedPage) => boolean;
    component: string;
  },
): void {
  let captured: Captured | undefined;
  store
    .lookup(key, async () => {
      const { done } = captureResponse(res);
      render(req, res);
      captured = await done;
      return captured ? handlers.keep(captured) : undefined;
    })
    .then(({ page, rendered }) => {
      if (page && (handlers.accept?.(page) ?? true)) handlers.answer(page);
      else if (!rendered) render(req, res);
      else captured?.replay();
    })
    .catch((error) => {
      log.error({ component: handlers.component, err: error }, `render cache failed: ${errorMessage(error)}`);
      if (!res.headersSent) {
        res.writeHead(500);
        res.end();
      }
    });
}

export interface PageCacheOptions {
  maxEntries: number;
  maxBytes?: number;
  now?: () => number;
}

export type Renderer = (req: IncomingMessage, res: ServerResponse) => void;

export interface PageCache {
  readonly store: RenderCache;
  /** Answers a page request: from the cache when it may, else through `render` (whose answer may be stored). */
  serve(req: IncomingMessage, res: ServerResponse, render: Renderer): void;
  /** Call for every request: a successful unsafe request (a write) drops the cache before its answer is sent. */
  watchWrites(req: IncomingMessage, res: ServerResponse, onWrite?: () => void): void;
  /** For the compression middleware: false for answers the cache has already encoded. */
  mayCompress(res: ServerResponse): boolean;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const store = new RenderCache({
    maxEntries: options.maxEntries,
    maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
    now: options.now,
  });
  const now = options.now ?? Date.now;
  const encoded = new WeakSet<ServerResponse>();
  const enabled = options.maxEntries > 0;

  const answer = (req: IncomingMessage, res: ServerResponse, page: CachedPage) => {
    encoded.add(res);
    noteRoute(page.route);
    writeCachedPage(req, res, page);
  };

  return {
    store,
    mayCompress: (res) => !encoded.has(res),

    serve(req, res, render) {
      const key = enabled ? cacheKey(req) : undefined;
      if (key === undefined) {
        render(req, res);
        return;
      }
      const hit = store.get(key);
      if (hit) {
        lookups.inc({ result: 'hit' });
        answer(req, res, hit);
        return;
      }
      lookups.inc({ result: 'miss' });
      // A HEAD request may be answered from a stored GET render, but never renders one (its body may be empty).
      if (req.method === 'HEAD') {
        render(req, res);
        return;
      }
      renderThrough(store, key, req, res, render, {
        keep: async (captured) => {
          const page = await toCachedPage(captured, now());
          if (page) page.route = currentRequestContext()?.route;
          return page;
        },
        answer: (page) => answer(req, res, page),
        component: 'page-cache',
      });
    },

    watchWrites(req, res, onWrite) {
      if (isSafeMethod(req.method)) return;
      const writeHead = res.writeHead;
      res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
        const status = typeof args[0] === 'number' ? args[0] : res.statusCode;
        if (status < 400) {
          store.invalidate();
          onWrite?.();
        }
        return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
      } as typeof res.writeHead;
    },
  };
}
