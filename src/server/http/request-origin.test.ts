import { describe, expect, it } from 'vitest';
import { redirectTarget, requestOrigin } from './request-origin';

const site = { publicUrl: 'http://localhost:4400', TRUST_PROXY: false };
const at = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe('requestOrigin: the origin the browser is on', () => {
  it('is the address the request came to, not PUBLIC_URL, when the browser uses another one', () => {
    expect(requestOrigin(at('http://127.0.0.1:4400/user/profile/wallet'), site)).toBe('http://127.0.0.1:4400');
    expect(requestOrigin(at('http://localhost:4400/user/profile/wallet'), site)).toBe('http://localhost:4400');
  });

  it('is PUBLIC_URL on its host: behind a TLS proxy the request itself says http', () => {
    const proxied = { publicUrl: 'https://mavuno.example', TRUST_PROXY: false };
    expect(requestOrigin(at('http://mavuno.example/wallet'), proxied)).toBe('https://mavuno.example');
  });

  it('takes X-Forwarded-Proto only from a trusted proxy, and only http or https', () => {
    const request = at('http://mirror.example/wallet', { 'X-Forwarded-Proto': 'https, http' });
    expect(requestOrigin(request, site)).toBe('http://mirror.example');
    expect(requestOrigin(request, { ...site, TRUST_PROXY: true })).toBe('https://mirror.example');
    const odd = at('http://mirror.example/wallet', { 'X-Forwarded-Proto': 'javascript' });
    expect(requestOrigin(odd, { ...site, TRUST_PROXY: true })).toBe('http://mirror.example');
  });
});

describe('redirectTarget: where a form post sends the browser', () => {
  it('makes a URL of this origin a path, and leaves another site’s URL whole', () => {
    const origin = 'http://127.0.0.1:4400';
    expect(redirectTarget('http://127.0.0.1:4400/fr/sandbox-checkout/cs_1.ab?x=1', origin)).toBe(
      '/fr/sandbox-checkout/cs_1.ab?x=1',
    );
    expect(redirectTarget('/sandbox-checkout/cs_1.ab', origin)).toBe('/sandbox-checkout/cs_1.ab');
    expect(redirectTarget('http://localhost:4400/sandbox-checkout/cs_1.ab', origin)).toBe(
      'http://localhost:4400/sandbox-checkout/cs_1.ab',
    );
    expect(redirectTarget('https://checkout.paystack.com/0peioxfhpn', origin)).toBe(
      'https://checkout.paystack.com/0peioxfhpn',
    );
  });
});
