import { describe, expect, it } from 'vitest';
import { allowCaptchaInCsp } from './captcha-csp';

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
