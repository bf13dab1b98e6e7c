import { getEnv } from '~/server/env';
import { AppError } from '~/server/errors';

const VERIFY_URLS = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;

/** What the islands need to show the bot check: nothing when it is off. */
export function captchaClientConfig(): { provider: 'recaptcha' | 'turnstile'; siteKey: string } | null {
  const env = getEnv();
  if (env.CAPTCHA_PROVIDER === 'none' || !env.CAPTCHA_SITE_KEY) return null;
  return { provider: env.CAPTCHA_PROVIDER, siteKey: env.CAPTCHA_SITE_KEY };
}

/**
 * Checks a bot-check token with the configured provider (reCAPTCHA v2 invisible or Turnstile). Off by default
 * (CAPTCHA_PROVIDER=none), then every request passes.
 */
export async function verifyCaptcha(
  token: string | undefined,
  remoteIp?: string,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const env = getEnv();
  if (env.CAPTCHA_PROVIDER === 'none') return;
  if (!token)
    throw new AppError('bad_request', 'accounts.captcha_failed', {
      fields: { captcha_token: [{ key: 'accounts.captcha_failed' }] },
    });
  const body = new URLSearchParams({ secret: env.CAPTCHA_SECRET ?? '', response: token });
  if (remoteIp) body.set('remoteip', remoteIp);
  let success = false;
  try {
    const response = await fetchImpl(VERIFY_URLS[env.CAPTCHA_PROVIDER], {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(5000),
    });
    success = Boolean(((await response.json()) as { success?: boolean }).success);
  } catch (cause) {
    throw new AppError('service_unavailable', 'accounts.captcha_unavailable', { cause });
  }
  if (!success)
    throw new AppError('bad_request', 'accounts.captcha_failed', {
      fields: { captcha_token: [{ key: 'accounts.captcha_failed' }] },
    });
}
