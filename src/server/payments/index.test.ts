import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '~/server/env';
import { configuredProviders } from './index';

describe('payment providers from the environment', () => {
  it('runs the sandbox alone by default on a local site, and not on an https one', () => {
    expect([...configuredProviders(parseEnv({})).keys()]).toEqual(['sandbox']);
    expect([...configuredProviders(parseEnv({ PUBLIC_URL: 'https://mavuno.example' })).keys()]).toEqual([]);
    expect([
      ...configuredProviders(parseEnv({ PUBLIC_URL: 'https://mavuno.example', SANDBOX_PAYMENTS: 'true' })).keys(),
    ]).toEqual(['sandbox']);
  });

  it('turns on each adapter whose variables are set; empty means off', () => {
    const env = parseEnv({
      SANDBOX_PAYMENTS: 'false',
      PAYSTACK_SECRET_KEY: 'sk_test_abc',
      MPESA_CONSUMER_KEY: 'k',
      MPESA_CONSUMER_SECRET: 's',
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: 'p',
      FLUTTERWAVE_SECRET_KEY: 'FLWSECK_TEST-x',
      FLUTTERWAVE_WEBHOOK_HASH: 'a-long-enough-secret-hash',
    });
    expect([...configuredProviders(env).keys()].sort()).toEqual(['flutterwave', 'mpesa', 'paystack']);
    expect([...configuredProviders(parseEnv({ PAYSTACK_SECRET_KEY: '', MPESA_CONSUMER_KEY: '' })).keys()]).toEqual([
      'sandbox',
    ]);
  });

  it('refuses half a configuration and malformed keys, naming the variable', () => {
    for (const source of [
      { MPESA_CONSUMER_KEY: 'k' },
      { FLUTTERWAVE_SECRET_KEY: 'x' },
      { PAYSTACK_SECRET_KEY: 'pk_test_public_key' },
      { SANDBOX_PAYMENT_SECRET: 'short' },
    ]) {
      expect(() => parseEnv(source)).toThrow(EnvError);
      expect(() => parseEnv(source)).toThrow(Object.keys(source)[0]);
    }
  });
});
