import type { CaptchaConfig } from '~/features/accounts/captcha';

/**
 * The bot check of sign-up and password-reset forms (docs/auth.md "Bot check"): reCAPTCHA v2 invisible or
 * Cloudflare Turnstile, as the server's captchaClientConfig() says. The provider's script is loaded only when
 * a form is sent, so visitors who never send one never contact the provider.
 */
export type { CaptchaConfig };

/** `unavailable`: the provider's script did not load; `failed`: the check ran but gave no token. */
export class CaptchaError extends Error {
  constructor(readonly reason: 'unavailable' | 'failed') {
    super(reason === 'unavailable' ? 'Failed to load script' : 'Failed to execute');
  }
}

/** The dictionary key of the message to show for a failed check. */
export function captchaMessageKey(error: CaptchaError): 'accounts.captcha_unavailable' | 'accounts.captcha_failed' {
  return error.reason === 'unavailable' ? 'accounts.captcha_unavailable' : 'accounts.captcha_failed';
}

interface RecaptchaApi {
  render(container: HTMLElement, params: Record<string, unknown>): number;
  execute(widgetId: number): void;
  reset(widgetId: number): void;
}
interface TurnstileApi {
  render(container: HTMLElement, params: Record<string, unknown>): string | null | undefined;
  execute(widgetId: string): void;
  reset(widgetId: string): void;
}
type CaptchaWindow = { grecaptcha?: RecaptchaApi; turnstile?: TurnstileApi; [callback: string]: unknown };

const SCRIPT_URLS = {
  recaptcha: 'https://www.google.com/recaptcha/api.js?render=explicit',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
} as const;
const LOAD_TIMEOUT_MS = 20_000;
/** An invisible check may turn into a picture challenge; a person needs time for it, but not forever. */
const EXECUTE_TIMEOUT_MS = 120_000;

const loading: Partial<Record<CaptchaConfig['provider'], Promise<void>>> = {};

function loadScript(provider: CaptchaConfig['provider']): Promise<void> {
  const win = window as unknown as CaptchaWindow;
  if ((provider === 'recaptcha' && win.grecaptcha?.render) || (provider === 'turnstile' && win.turnstile?.render))
    return Promise.resolve();
  loading[provider] ??= new Promise<void>((resolve, reject) => {
    const callback = `mavunoCaptchaReady_${provider}`;
    const script = document.createElement('script');
    const fail = () => {
      script.remove();
      delete loading[provider];
      reject(new CaptchaError('unavailable'));
    };
    const timer = window.setTimeout(fail, LOAD_TIMEOUT_MS);
    win[callback] = () => {
      window.clearTimeout(timer);
      resolve();
    };
    const language = document.documentElement.lang || 'en';
    script.src = `${SCRIPT_URLS[provider]}&onload=${callback}${provider === 'recaptcha' ? `&hl=${encodeURIComponent(language)}` : ''}`;
    script.async = true;
    script.onerror = () => {
      window.clearTimeout(timer);
      fail();
    };
    document.head.append(script);
  });
  return loading[provider];
}

/**
 * One bot check bound to a container element in a form. `execute()` loads the provider on first use and
 * resolves with a fresh token for each submission (tokens are single use), or rejects with a CaptchaError.
 */
export function createCaptcha(config: CaptchaConfig) {
  let widgetId: number | string | undefined;
  let pending: { resolve(token: string): void; reject(error: CaptchaError): void } | undefined;

  const settle = (outcome: { token: string } | { error: CaptchaError }) => {
    const current = pending;
    pending = undefined;
    if (!current) return;
    if ('token' in outcome) current.resolve(outcome.token);
    else current.reject(outcome.error);
  };
  const params = {
    sitekey: config.siteKey,
    callback: (token: string) => settle({ token }),
    'error-callback': () => {
      settle({ error: new CaptchaError('failed') });
      // Turnstile: the error is handled here, do not log it again.
      return true;
    },
    'expired-callback': () => settle({ error: new CaptchaError('failed') }),
  };

  async function execute(container: HTMLElement): Promise<string> {
    await loadScript(config.provider);
    const win = window as unknown as CaptchaWindow;
    // A check the person abandoned (a closed challenge) must not leave the earlier promise hanging.
    settle({ error: new CaptchaError('failed') });
    const result = new Promise<string>((resolve, reject) => {
      const mine = { resolve, reject };
      pending = mine;
      window.setTimeout(() => {
        if (pending === mine) settle({ error: new CaptchaError('failed') });
      }, EXECUTE_TIMEOUT_MS);
    });
    try {
      if (config.provider === 'recaptcha') {
        const api = win.grecaptcha!;
        if (widgetId === undefined) widgetId = api.render(container, { ...params, size: 'invisible', badge: 'inline' });
        else api.reset(widgetId as number);
        api.execute(widgetId as number);
      } else {
        const api = win.turnstile!;
        if (widgetId === undefined) {
          widgetId =
            api.render(container, {
              ...params,
              execution: 'execute',
              appearance: 'interaction-only',
              language: document.documentElement.lang || 'auto',
            }) ?? undefined;
          if (widgetId === undefined) throw new CaptchaError('failed');
        } else {
          api.reset(widgetId as string);
        }
        api.execute(widgetId as string);
      }
    } catch {
      settle({ error: new CaptchaError('failed') });
    }
    return result;
  }

  return { execute };
}
