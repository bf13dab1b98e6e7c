import type { CaptchaConfig } from '~/features/accounts/captcha';

/**
 * Origins each provider needs in the page's Content-Security-Policy (script, its frames and its calls).
 * Pages that may run the check pass their `Astro.csp` to allowCaptchaInCsp.
 */
const CSP_SOURCES = {
  recaptcha: {
    scripts: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frames: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  },
  turnstile: {
    scripts: ['https://challenges.cloudflare.com'],
    frames: ['https://challenges.cloudflare.com'],
  },
} as const;

interface CspControls {
  insertDirective(directive: string): void;
  insertScriptResource(resource: string): void;
  insertStyleResource(payload: { resource: string; kind: 'attribute' }): void;
}

/** Lets the configured provider's script, frames and calls through the page's Content-Security-Policy. */
export function allowCaptchaInCsp(csp: CspControls | undefined, config: CaptchaConfig | null): void {
  if (!csp || !config) return;
  const sources = CSP_SOURCES[config.provider];
  for (const source of sources.scripts) csp.insertScriptResource(source);
  csp.insertDirective(`frame-src ${sources.frames.join(' ')}`);
  csp.insertDirective(`connect-src ${sources.scripts.join(' ')}`);
  // Both widgets position their challenge with style attributes; without this the challenge cannot be seen.
  csp.insertStyleResource({ resource: "'unsafe-inline'", kind: 'attribute' });
}
