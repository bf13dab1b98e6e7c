import { describe, expect, it } from 'vitest';
import { tileSource } from '~/features/maps/tiles';
import { parseEnv } from '~/server/env';
import { allowCaptchaInCsp, configuredSources, widenPolicy } from './content-policy';

/** The policy's fixed part as Astro renders it from astro.config.mjs (hashes shortened). */
const ASTRO_POLICY =
  "default-src 'self';img-src 'self' data: blob:;connect-src 'self';font-src 'self';object-src 'none';form-action 'self';frame-ancestors 'none'; script-src 'self' 'sha256-AAA=' 'sha256-BBB='; style-src 'self' 'sha256-CCC=';";

/** A policy's directives by name. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** Whether a CSP host source admits a URL (scheme, host with a leading `*.` wildcard, port), as browsers match it. */
function admits(source: string, url: string): boolean {
  const target = new URL(url);
  const [, scheme, host] = /^(https?):\/\/(.+)$/.exec(source) ?? [];
  if (!scheme || target.protocol !== `${scheme}:`) return false;
  return host.startsWith('*.') ? target.host.endsWith(host.slice(1)) : target.host === host;
}

describe('tileSource: the policy source that admits every tile of a template', () => {
  it('admits the default OpenStreetMap tiles, which *.tile.openstreetmap.org does not', () => {
    const source = tileSource(parseEnv({}).MAP_TILE_URL);
    expect(source).toBe('https://tile.openstreetmap.org');
    expect(admits(source!, 'https://tile.openstreetmap.org/5/18/15.png')).toBe(true);
    expect(admits('https://*.tile.openstreetmap.org', 'https://tile.openstreetmap.org/5/18/15.png')).toBe(false);
  });

  it('turns a subdomain placeholder into the wildcard and keeps a port', () => {
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(admits('https://*.tile.example.org', 'https://b.tile.example.org/1/2/3.png')).toBe(true);
    expect(tileSource('http://Tiles.Example.org:8080/{z}/{x}/{y}.png')).toBe('http://tiles.example.org:8080');
  });

  it('refuses templates no single source describes, and the environment refuses them too', () => {
    for (const template of [
      'https://tiles.{s}.example.org/{z}/{x}/{y}.png',
      'https://{s}/{z}/{x}/{y}.png',
      'https://user@tiles.example.org/{z}/{x}/{y}.png',
      'ftp://tiles.example.org/{z}/{x}/{y}.png',
    ])
      expect(tileSource(template), template).toBeUndefined();
    expect(() => parseEnv({ MAP_TILE_URL: 'https://tiles.{s}.example.org/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
  });
});

describe('configuredSources and widenPolicy: the page policy for this configuration', () => {
  it('adds the configured tiles, the satellite layer and the providers’ checkout pages, keeping the hashes', () => {
    const sources = configuredSources({
      mapTileUrl: parseEnv({}).MAP_TILE_URL,
      checkoutOrigins: ['https://checkout.paystack.com', 'https://checkout.paystack.com'],
    });
    const policy = directives(widenPolicy(ASTRO_POLICY, sources));
    expect(policy['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
      'https://server.arcgisonline.com',
    ]);
    expect(policy['form-action']).toEqual(["'self'", 'https://checkout.paystack.com']);
    // Nothing else opens: the scripts keep their hashes, calls stay on the site.
    expect(policy['script-src']).toEqual(["'self'", "'sha256-AAA='", "'sha256-BBB='"]);
    expect(policy['style-src']).toEqual(["'self'", "'sha256-CCC='"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('follows MAP_TILE_URL, and opens no form target without a provider that has one', () => {
    const sources = configuredSources({
      mapTileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      checkoutOrigins: [],
    });
    const policy = directives(widenPolicy(ASTRO_POLICY, sources));
    expect(policy['img-src']).toContain('https://*.tiles.example.org');
    expect(policy['img-src']).not.toContain('https://tile.openstreetmap.org');
    expect(policy['form-action']).toEqual(["'self'"]);
  });

  it('starts a missing fetch directive from default-src and drops a lone none', () => {
    const policy = directives(
      widenPolicy("default-src 'self'; img-src 'none'", {
        'img-src': ['https://tiles.example.org'],
        'connect-src': ['https://api.example.org'],
        'form-action': ['https://pay.example.org'],
      }),
    );
    expect(policy['img-src']).toEqual(['https://tiles.example.org']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.example.org']);
    // An absent form-action leaves forms unrestricted: adding one would close it to everything else.
    expect(policy['form-action']).toBeUndefined();
  });
});

function recorder() {
  const calls = { directives: [] as string[], scripts: [] as string[], styles: [] as string[] };
  const csp = {
    insertDirective: (directive: string) => calls.directives.push(directive),
    insertScriptResource: (resource: string) => calls.scripts.push(resource),
    insertStyleResource: ({ resource }: { resource: string; kind: 'attribute' }) => calls.styles.push(resource),
  };
  return { csp, calls };
}

describe('allowCaptchaInCsp', () => {
  it("lets only the configured provider's script, frames and calls through", () => {
    const { csp, calls } = recorder();
    allowCaptchaInCsp(csp, { provider: 'turnstile', siteKey: 'key' });
    expect(calls.scripts).toEqual(['https://challenges.cloudflare.com']);
    expect(calls.directives).toEqual([
      'frame-src https://challenges.cloudflare.com',
      'connect-src https://challenges.cloudflare.com',
    ]);
    expect(calls.scripts.join(' ')).not.toContain('google');
    expect(calls.styles).toEqual(["'unsafe-inline'"]);
  });

  it('opens nothing when no bot check is configured', () => {
    const { csp, calls } = recorder();
    allowCaptchaInCsp(csp, null);
    allowCaptchaInCsp(undefined, { provider: 'recaptcha', siteKey: 'key' });
    expect(calls).toEqual({ directives: [], scripts: [], styles: [] });
  });
});
