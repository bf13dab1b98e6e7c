/**
 * The signed-in member's render cache (docs/architecture.md "What a signed-in page costs"): a page a member opened is
 * kept for that browser's session and served again, without a render, until anything it could show changes.
 *
 * - Only GET pages of MEMBER_ROUTES (pages that show no secret and only data whose writes notify), answered 200 as
 *   HTML, without Set-Cookie, to the signed-in member whose session resolved before the render. Any other request
 *   (photos, files, other pages, a chat room) goes by untouched: not held back, no session lookup here.
 * - The key is the address, Accept-Language and every cookie of the request (the session, the form token its forms
 *   carry, the display currency, the language), hashed: a page is only ever served to the browser it was made for.
 * - Before a stored page is served, its session is resolved again (through the session cache, which every
 *   sign-out, revocation or block reaches at once) and must still be the same session of the same member.
 * - Every committed write any process makes to a table a member's page can show drops every stored page
 *   (the database notifies mavuno_pages or mavuno_member_pages: migrations 0010 and 0031); a write answered by this
 *   process drops them before its answer leaves, so the writer's next page shows it. While a notification
 *   connection is down, nothing is stored or served.
 * - A page lives at most `ttlMs` (60 s, the anonymous pages' max-age): relative times stay right.
 *
 * The browser still gets `private, no-store` (src/middleware.ts): a shared computer keeps no member's page on disk.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { splitLocale } from '~/i18n/paths';
import { currentRequestContext, noteMember, noteRoute } from '~/server/http/request-context';
import { errorMessage, log } from '~/server/log';
import { counter } from '~/server/metrics';
import {
  type Captured,
  cookies,
  encodeRender,
  headerValue,
  lowerHeaders,
  type Renderer,
  renderThrough,
  writeCachedPage,
} from './page-cache';
import { type CachedPage, RenderCache } from './render-cache';

/**
 * The routes (as src/middleware.ts names them, without the language prefix) whose signed-in page may be kept: what
 * they show is the catalogue's and the member's own data, every table of which notifies on write. Pages that show a
 * secret, a one-time answer, or staff tools are not here.
 */
export const MEMBER_ROUTES = new Set([
  '/',
  '/board',
  '/board/:id',
  '/user/offers',
  '/user/profile/cabinet-cards',
  '/user/profile/deals',
  '/user/profile/orders',
  '/user/profile/favorite',
  '/user/profile/wallet',
  '/chat',
  '/statistic',
  '/prices',
  '/companies',
  '/public-profile/:id',
  '/faq',
]);

/** The addresses of MEMBER_ROUTES, without their language prefix: only these are held back and looked at. */
const MEMBER_PATHS = new RegExp(`^(?:${[...MEMBER_ROUTES].map((route) => route.replace(':id', '[^/]+')).join('|')})$`);

/** `/sw/board/:id` → `/board/:id`: the route (or address) whatever language rendered it (src/i18n/paths.ts). */
export function baseRoute(route: string | undefined): string | undefined {
  return route === undefined ? undefined : splitLocale(route).path;
}

const lookups = counter({
  name: 'mavuno_member_page_cache_lookups_total',
  help: 'Member render-cache lookups of signed-in page requests: hit (served from memory), miss (rendered) or stale (the session changed)',
  labelNames: ['result'],
});

/** Who a session cookie belongs to now, or null: the member and the session (src/server/services/accounts). */
export type Identify = (sessionToken: string) => Promise<{ memberId: number; sessionId: number } | null>;

export interface MemberPageCacheOptions {
  maxEntries: number;
  maxBytes?: number;
  ttlMs?: number;
  /** The session cookie's name (src/server/http/session-cookie.ts). */
  cookieName: string;
  identify: Identify;
  now?: () => number;
}

export interface MemberPageCache {
  readonly store: RenderCache;
  /** Answers a signed-in page request: from the cache when it may, else through `render` (which may be kept). */
  serve(req: IncomingMessage, res: ServerResponse, render: Renderer): void;
  /** For the compression middleware: false for answers the cache has already encoded. */
  mayCompress(res: ServerResponse): boolean;
}

/** The key of a signed-in page request and its session token, or undefined when it may not be kept. */
export function memberCacheKey(req: IncomingMessage, cookieName: string): { key: string; token: string } | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (req.headers.authorization) return undefined;
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const path = baseRoute(query < 0 ? url : url.slice(0, query)) ?? '/';
  if (!MEMBER_PATHS.test(path)) return undefined;
  // A chat room (`/chat?room=…`) is never kept: opening it marks its messages read, and its form carries a key of
  // its own against sending twice.
  if (path === '/chat' && query >= 0 && new URLSearchParams(url.slice(query)).has('room')) return undefined;
  const jar = cookies(req);
  const raw = jar.get(cookieName);
  if (!raw) return undefined;
  let token: string;
  try {
    token = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  const cookieText = [...jar.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const language = headerValue(req.headers['accept-language']) ?? '';
  // Hashed: the store holds no session token.
  const key = createHash('sha256').update(`${url}\n${language}\n${cookieText}`).digest('base64url');
  return { key, token };
}

const ownerOf = (who: { memberId: number; sessionId: number }) => `${who.memberId}:${who.sessionId}`;

/** The stored form of a member's render, or undefined when it may not be kept (see the rules above). */
export async function toMemberPage(
  rendered: Captured,
  owner: { memberId: number; sessionId: number },
  expires: number,
): Promise<CachedPage | undefined> {
  if (rendered.status !== 200) return undefined;
  const context = currentRequestContext();
  if (context?.memberId !== owner.memberId) return undefined;
  if (!MEMBER_ROUTES.has(baseRoute(context.route) ?? '')) return undefined;
  const lower = lowerHeaders(rendered.headers);
  if (lower['set-cookie'] !== undefined) return undefined;
  if (!/^text\/html/i.test(headerValue(lower['content-type']) ?? '')) return undefined;
  if (!/\bprivate\b/i.test(headerValue(lower['cache-control']) ?? '')) return undefined;
  const vary = headerValue(lower.vary) ?? '';
  // Brotli 7: a member's page is dropped by the next write anywhere; 9 costs ten times the CPU for a few bytes.
  const page = await encodeRender(rendered, lower, { vary, expires, quality: 7 });
  if (!page) return undefined;
  page.route = context.route;
  page.owner = ownerOf(owner);
  return page;
}

export function createMemberPageCache(options: MemberPageCacheOptions): MemberPageCache {
  const store = new RenderCache({
    maxEntries: options.maxEntries,
    maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
    now: options.now,
  });
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? 60_000;
  const encoded = new WeakSet<ServerResponse>();
  const enabled = options.maxEntries > 0;

  const answer = (req: IncomingMessage, res: ServerResponse, page: CachedPage, memberId: number) => {
    encoded.add(res);
    noteRoute(page.route);
    noteMember(memberId);
    writeCachedPage(req, res, page);
  };

  const renderAndKeep = (
    req: IncomingMessage,
    res: ServerResponse,
    render: Renderer,
    key: string,
    who: { memberId: number; sessionId: number },
  ) =>
    renderThrough(store, key, req, res, render, {
      keep: (captured) => toMemberPage(captured, who, now() + ttlMs),
      accept: (page) => page.owner === ownerOf(who),
      answer: (page) => answer(req, res, page, who.memberId),
      component: 'member-page-cache',
    });

  return {
    store,
    mayCompress: (res) => !encoded.has(res),

    serve(req, res, render) {
      const found = enabled ? memberCacheKey(req, options.cookieName) : undefined;
      if (!found) {
        render(req, res);
        return;
      }
      const { key, token } = found;
      options
        .identify(token)
        .then((who) => {
          // A visitor whose session is gone, or a cache that may not serve now: rendered as it comes.
          if (!who) {
            render(req, res);
            return;
          }
          const hit = store.get(key);
          if (hit && hit.owner === ownerOf(who)) {
            lookups.inc({ result: 'hit' });
            answer(req, res, hit, who.memberId);
            return;
          }
          if (hit) {
            // The same cookies now name another session (signed out and in again): the old page is never served.
            lookups.inc({ result: 'stale' });
            store.delete(key);
          } else lookups.inc({ result: 'miss' });
          if (req.method === 'HEAD') render(req, res);
          else renderAndKeep(req, res, render, key, who);
        })
        .catch((error) => {
          // The session could not be looked up (the database is down): the page's own render says what to say.
          log.warn({ component: 'member-page-cache', err: error }, `session lookup failed: ${errorMessage(error)}`);
          render(req, res);
        });
    },
  };
}
