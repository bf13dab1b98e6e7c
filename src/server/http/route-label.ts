/**
 * The `route` of an access line and of the request metrics (docs/operations.md "Logs", "Metrics"): few distinct
 * values, so a metric keeps a bounded number of series and a log search finds every request of one page.
 */

/** What sirv answered from dist/client (src/server/main.ts): assets, icons, the service worker. */
export const STATIC_ROUTE = 'static';
/** A 404 no router named: its path would give every mistyped or probed address a series of its own. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Astro's pattern (`/board/[id]`, `/[...planned]`) written as the API's are: `/board/:id`, `/*`. */
export function astroRoute(pattern: string): string {
  return pattern.replace(/\[\.\.\.[^\]]*\]/g, '*').replace(/\[([^\]]+)\]/g, ':$1');
}

const MAX_SEGMENTS = 8;

/**
 * A route's own words, as every page and endpoint is named: lowercase words joined by hyphens, maybe a file extension
 * (`confirm-email`, `public-company-profile`, `transactions.csv`).
 */
const ROUTE_WORDS = /^[a-z]+(?:-[a-z]+)*(?:\.[a-z]+)?$/;

/**
 * A segment that names one thing among many: a number, or 12 characters or more that are not a route's words — a key,
 * a token (base64url: with a digit, or in both cases, or with `_`), a hash, a slug with a number
 * (`dry-white-maize-grade-1`). Only a token of lowercase letters and hyphens alone passes for words: about one in 10⁸
 * of 16 random bytes, none of 32.
 */
function isIdentifier(segment: string): boolean {
  if (/^\d+$/.test(segment)) return true;
  if (segment.length > 32) return true;
  return segment.length >= 12 && /^[A-Za-z0-9_.~%-]+$/.test(segment) && !ROUTE_WORDS.test(segment);
}

/**
 * A path without a known pattern, made low-cardinality: the query dropped, numbers and long opaque segments replaced
 * (`/board/123` → `/board/:id`, `/payments/webhooks/mpesa/tu_3f…/9c…` → `…/:key/:key`), at most 8 segments.
 */
export function pathRoute(path: string): string {
  const bare = path.split('?')[0] || '/';
  const segments = bare.split('/').slice(1);
  const shown = segments.slice(0, MAX_SEGMENTS).map((segment) => {
    if (segment === '') return '';
    if (/^\d+$/.test(segment)) return ':id';
    return isIdentifier(segment) ? ':key' : segment;
  });
  return `/${shown.join('/')}${segments.length > MAX_SEGMENTS ? '/…' : ''}`;
}
