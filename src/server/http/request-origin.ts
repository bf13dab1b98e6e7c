import { type Env, getEnv } from '~/server/env';

/**
 * The origin the browser reached the site at, for an absolute URL that must bring this browser back (a payment
 * provider's return address; the `checkout_url` the API hands a client): PUBLIC_URL when the request came to its
 * host (behind a TLS proxy the request itself says http), else the host the request names — with the scheme of
 * `X-Forwarded-Proto` only when TRUST_PROXY says a proxy of ours wrote it. A browser holds its cookies per host: a
 * return to PUBLIC_URL's host while it came to another (`127.0.0.1` for `localhost`) would land signed out, and a
 * form's redirect there is refused by the page's CSP `form-action 'self'`. Links that leave the browser (e-mails,
 * sitemaps, canonical links, a provider's server-to-server callback) stay on PUBLIC_URL.
 */
export function requestOrigin(request: Request, env: Pick<Env, 'publicUrl' | 'TRUST_PROXY'> = getEnv()): string {
  const url = new URL(request.url);
  const site = new URL(env.publicUrl);
  if (url.host === site.host) return site.origin;
  const forwarded = env.TRUST_PROXY ? request.headers.get('x-forwarded-proto')?.split(',')[0].trim() : undefined;
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : url.protocol.slice(0, -1);
  return `${scheme}://${url.host}`;
}

/**
 * Where a form post sends the browser: a URL on `origin` as a path of this site (`/sandbox-checkout/…`, the same
 * origin whatever address the browser used); an outside URL (a provider's hosted checkout) unchanged.
 */
export function redirectTarget(url: string, origin: string): string {
  const target = new URL(url, origin);
  return target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : target.href;
}
