import * as crypto from 'node:crypto';
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENCIES } from '~/server/db/seed/reference/currencies';
import * as flw from '../../../tests/fixtures/payments/flutterwave';
import * as paystack from '../../../tests/fixtures/payments/paystack';
import { recordedFetch } from '../../../tests/fixtures/payments/recorded-fetch';
import { FLUTTERWAVE_HASH_HEADER, flutterwaveProvider } from './flutterwave';
import { mpesaProvider } from './mpesa';
import { PAYSTACK_SIGNATURE_HEADER, paystackProvider } from './paystack';
import { compareMoney, constantTimeEqual, fromMajor, isFresh, toMajorString } from './provider';
import { sandboxProvider, signSandboxWebhook } from './sandbox';

// Every secret comparison must go through node's constant-time comparison: spy on it, keep its behaviour.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});
const timingSafeEqual = vi.mocked(crypto.timingSafeEqual);

describe('constant-time comparison', () => {
  beforeEach(() => {
    timingSafeEqual.mockClear();
  });

  it('says equal only for equal strings, whatever their lengths', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
    expect(timingSafeEqual).toHaveBeenCalledTimes(4);
  });

  it('is how every provider checks a forged signature, hash or token', async () => {
    const body = '{"event":"charge.success","data":{}}';
    const forged = 'f'.repeat(128);
    const none = recordedFetch({}).fetchImpl;
    const attempts = [
      () =>
        paystackProvider({ secretKey: paystack.PAYSTACK_TEST_SECRET }, none).parseWebhook({
          rawBody: body,
          headers: new Headers({ [PAYSTACK_SIGNATURE_HEADER]: forged }),
        }),
      () =>
        flutterwaveProvider(flw.FLW_TEST_CONFIG, none).parseWebhook({
          rawBody: body,
          headers: new Headers({ [FLUTTERWAVE_HASH_HEADER]: 'x'.repeat(33) }),
        }),
      () =>
        mpesaProvider(
          {
            consumerKey: 'k',
            consumerSecret: 's',
            shortcode: '174379',
            passkey: 'p',
            environment: 'sandbox',
            callbackBaseUrl: 'https://m.example/cb',
            callbackSecret: 'c',
          },
          none,
        ).parseWebhook({ rawBody: body, headers: new Headers(), url: new URL(`https://m.example/cb/ref/${forged}`) }),
      () => {
        const signed = signSandboxWebhook('another-secret-entirely', body, new Date());
        return sandboxProvider({ secret: 'the-sandbox-secret-xyz' }).parseWebhook({
          rawBody: body,
          headers: new Headers(signed.headers),
        });
      },
    ];
    for (const attempt of attempts) {
      timingSafeEqual.mockClear();
      expect(await attempt()).toMatchObject({ ok: false, reason: 'bad_signature' });
      expect(timingSafeEqual).toHaveBeenCalled();
    }
  });
});

describe('money in minor units', () => {
  it('converts to and from providers’ major units exactly, for every currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES.map((c) => c.code)),
        fc.integer({ min: 0, max: 10 ** 13 }),
        (currency, amountMinor) => {
          const major = toMajorString(amountMinor, currency);
          expect(fromMajor(major, currency)).toBe(amountMinor);
          // A JSON number as providers send it reads the same (within double precision's exact range).
          if (amountMinor < 2 ** 50) expect(fromMajor(Number(major), currency)).toBe(amountMinor);
        },
      ),
    );
  });

  it('writes the decimals of each currency', () => {
    expect(toMajorString(125_050, 'KES')).toBe('1250.50');
    expect(toMajorString(5, 'NGN')).toBe('0.05');
    expect(toMajorString(1500, 'XOF')).toBe('1500');
    expect(fromMajor('0.07', 'GHS')).toBe(7);
    expect(() => fromMajor('1e5', 'KES')).toThrow();
  });

  it('lists every difference from the expected amount and currency', () => {
    expect(compareMoney({ amountMinor: 100, currency: 'KES' }, { amountMinor: 100, currency: 'kes' })).toEqual([]);
    expect(compareMoney({ amountMinor: 100, currency: 'KES' }, { amountMinor: 99, currency: 'UGX' })).toEqual([
      { field: 'currency', expected: 'KES', actual: 'UGX' },
      { field: 'amount', expected: '100', actual: '99' },
    ]);
    expect(compareMoney(undefined, { amountMinor: 1, currency: 'KES' })).toEqual([]);
  });

  it('calls a timestamp fresh within five minutes either way', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    expect(isFresh(now.getTime() - 300_000, now)).toBe(true);
    expect(isFresh(now.getTime() - 300_001, now)).toBe(false);
    expect(isFresh(now.getTime() + 300_001, now)).toBe(false);
    expect(isFresh(Number.NaN, now)).toBe(false);
  });
});
