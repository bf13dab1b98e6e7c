/**
 * Which bot check the sign-up and password-reset forms run (docs/auth.md "Bot check"), as the server's
 * captchaClientConfig() answers it and the islands receive it; null when none is configured.
 */
export interface CaptchaConfig {
  provider: 'recaptcha' | 'turnstile';
  siteKey: string;
}
