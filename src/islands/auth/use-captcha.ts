import { useCallback, useMemo, useRef } from 'react';
import { type CaptchaConfig, CaptchaError, captchaMessageKey, createCaptcha } from './captcha';

/**
 * The bot check of a form, as a hook: `containerRef` goes on an empty element inside the form (where the
 * provider may show its challenge); `getToken()` answers `{ token }` (undefined when the check is off) or the
 * dictionary key of the message to show.
 */
export function useCaptcha(config: CaptchaConfig | null) {
  const containerRef = useRef<HTMLDivElement>(null);
  const captcha = useMemo(() => (config ? createCaptcha(config) : null), [config]);
  const getToken = useCallback(async (): Promise<{
    token?: string;
    errorKey?: ReturnType<typeof captchaMessageKey>;
  }> => {
    if (!captcha || !containerRef.current) return {};
    try {
      return { token: await captcha.execute(containerRef.current) };
    } catch (error) {
      return { errorKey: captchaMessageKey(error instanceof CaptchaError ? error : new CaptchaError('failed')) };
    }
  }, [captcha]);
  return { containerRef, getToken };
}
