const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Our CSRF rule (docs/auth.md, docs/architecture.md): an unsafe request that relies on the browser's cookies
 * must come from our own origin. Browsers send `Origin` (or at least `Sec-Fetch-Site`) on such requests; a
 * request with neither is not from a browser form on another site. Bearer-authenticated API calls do not use
 * this rule.
 */
export function isCrossSiteUnsafeRequest(request: Request, publicUrl: string): boolean {
  const ownOrigin = publicUrl;
  if (!UNSAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get('origin');
  if (origin) return origin !== new URL(ownOrigin).origin && origin !== new URL(request.url).origin;
  const site = request.headers.get('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}
