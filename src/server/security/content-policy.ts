import type { CaptchaConfig } from '~/features/accounts/captcha';
import { SATELLITE_TILE_URL, tileSource } from '~/features/maps/tiles';

/**
 * The one place where configuration opens the pages' Content-Security-Policy to outside hosts (docs/architecture.md
 * "Content security policy"). astro.config.mjs holds the policy's fixed part (`'self'` everywhere, fixed at build
 * time, with the hashes of the inline scripts and styles Astro adds itself); what depends on the environment, read
 * at run time, is added here:
 * - every page: the map tiles (MAP_TILE_URL's host, and the address picker's satellite layer) as images, and the
 *   hosted checkout pages of the configured payment providers as form targets — a payment form's redirect there
 *   is a form navigation, refused by `form-action 'self'` otherwise;
 * - pages with the bot check (CAPTCHA_PROVIDER): its provider's script, frames and calls (allowCaptchaInCsp).
 * Leaflet loads tiles as images, so tile hosts need no `connect-src`.
 */

/** The directives configuration may widen, with the sources to add to each. */
export type PolicySources = Partial<Record<'img-src' | 'connect-src' | 'form-action', readonly string[]>>;

export interface SiteHosts {
  /** MAP_TILE_URL. */
  mapTileUrl: string;
  /** The origins of the configured payment providers' hosted checkout pages (PaymentProvider.checkoutOrigins). */
  checkoutOrigins: readonly string[];
}

/** What every page's policy adds for this configuration. */
export function configuredSources(hosts: SiteHosts): PolicySources {
  const tiles = [tileSource(hosts.mapTileUrl), tileSource(SATELLITE_TILE_URL)].filter(
    (source): source is string => source !== undefined,
  );
  return { 'img-src': unique(tiles), 'form-action': unique(hosts.checkoutOrigins) };
}

/** Fetch directives: absent, they take `default-src`'s sources. (`form-action` has no fallback: absent, it is open.) */
const FALLS_BACK_TO_DEFAULT = new Set(['img-src', 'connect-src']);

/**
 * `policy` (a Content-Security-Policy header as Astro renders it) with `sources` added to their directives. The rest
 * is left as written, hashes included; a directive the policy lacks starts from `default-src`'s sources.
 */
export function widenPolicy(policy: string, sources: PolicySources): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .filter(([name]) => name !== '');
  const find = (name: string) => directives.find(([own]) => own.toLowerCase() === name);
  for (const [name, added] of Object.entries(sources)) {
    if (!added || added.length === 0) continue;
    let directive = find(name);
    if (!directive) {
      if (!FALLS_BACK_TO_DEFAULT.has(name)) continue;
      directive = [name, ...(find('default-src')?.slice(1) ?? [])];
      directives.push(directive);
    }
    const none = directive.indexOf("'none'");
    if (none > 0) directive.splice(none, 1);
    for (const source of added) if (!directive.includes(source)) directive.push(source);
  }
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** Origins each bot-check provider needs in the page's policy (its script, its frames and its calls). */
const CAPTCHA_SOURCES = {
  recaptcha: {
    scripts: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frames: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  },
  turnstile: {
    scripts: ['https://challenges.cloudflare.com'],
    frames: ['https://challenges.cloudflare.com'],
  },
} as const;

/** Astro's runtime CSP controls (`Astro.csp`), as far as this module uses them. */
interface CspControls {
  insertDirective(directive: string): void;
  insertScriptResource(resource: string): void;
  insertStyleResource(payload: { resource: string; kind: 'attribute' }): void;
}

/**
 * Lets the configured bot check's script, frames and calls through the page's policy. Only the pages that may run
 * the check call it, in their frontmatter (`allowCaptchaInCsp(Astro.csp, captcha)`): others never load it.
 */
export function allowCaptchaInCsp(csp: CspControls | undefined, config: CaptchaConfig | null): void {
  if (!csp || !config) return;
  const sources = CAPTCHA_SOURCES[config.provider];
  for (const source of sources.scripts) csp.insertScriptResource(source);
  csp.insertDirective(`frame-src ${sources.frames.join(' ')}`);
  csp.insertDirective(`connect-src ${sources.scripts.join(' ')}`);
  // Both widgets position their challenge with style attributes; without this the challenge cannot be seen.
  csp.insertStyleResource({ resource: "'unsafe-inline'", kind: 'attribute' });
}

const unique = (values: readonly string[]) => [...new Set(values)];
