import { describe, expect, it } from 'vitest';
import { envWithProviders, type ProviderSetting } from '../../../tests/fixtures/payments/provider-env';
import { chooseProviderId, mobileMoneyNetworksFor, type ProviderNeed, providerFor } from './choose';
import { configuredProviders } from './index';

/** The provider chosen for `need` when the environment configures `settings`. */
function chosen(settings: readonly ProviderSetting[], need: ProviderNeed) {
  const env = envWithProviders(settings);
  return chooseProviderId(need, configuredProviders(env), env);
}

const ALL: ProviderSetting[] = ['sandbox', 'paystack', 'mpesa', 'mpesaB2c', 'flutterwave'];
const REAL: ProviderSetting[] = ['paystack', 'mpesa', 'mpesaB2c', 'flutterwave'];

describe('choosing the provider of a checkout', () => {
  it.each([
    // currency, method, configured, chosen
    ['KES', 'mobile_money', REAL, 'mpesa'],
    ['KES', 'mobile_money', ['flutterwave', 'paystack'], 'flutterwave'],
    ['KES', 'mobile_money', ['paystack'], 'paystack'],
    ['KES', 'mobile_money', ['sandbox', 'mpesa'], 'mpesa'],
    ['KES', 'card', REAL, 'flutterwave'],
    ['KES', 'card', ['mpesa', 'sandbox'], 'sandbox'],
    ['KES', 'card', ['mpesa'], undefined],
    ['NGN', 'card', REAL, 'paystack'],
    ['NGN', 'card', ['flutterwave'], 'flutterwave'],
    ['NGN', 'mobile_money', REAL, undefined],
    ['NGN', 'mobile_money', ALL, 'sandbox'],
    ['GHS', 'card', ALL, 'paystack'],
    ['GHS', 'card', ['flutterwave', 'sandbox'], 'flutterwave'],
    ['GHS', 'mobile_money', REAL, 'flutterwave'],
    ['GHS', 'mobile_money', ['paystack'], 'paystack'],
    ['TZS', 'mobile_money', REAL, 'flutterwave'],
    ['UGX', 'card', REAL, 'flutterwave'],
    ['RWF', 'mobile_money', REAL, 'flutterwave'],
    ['XOF', 'mobile_money', REAL, 'flutterwave'],
    ['XAF', 'card', REAL, 'flutterwave'],
    ['UGX', 'mobile_money', ['paystack', 'mpesa'], undefined],
    ['UGX', 'mobile_money', ['paystack', 'mpesa', 'sandbox'], 'sandbox'],
    ['USD', 'card', REAL, 'flutterwave'],
    ['USD', 'mobile_money', REAL, undefined],
    ['KES', 'card', ['sandbox'], 'sandbox'],
    ['KES', 'card', [], undefined],
  ] as const)('%s %s with %j → %s', (currency, method, settings, expected) => {
    expect(chosen(settings, { purpose: 'checkout', method, currency })).toBe(expected);
  });

  it('reads the currency as stored (padded, lower case)', () => {
    expect(chosen(REAL, { purpose: 'checkout', method: 'mobile_money', currency: 'kes ' })).toBe('mpesa');
  });
});

describe('choosing the provider of a payout', () => {
  it.each([
    ['KES', 'mobile_money', REAL, 'flutterwave'],
    ['KES', 'mobile_money', ['paystack', 'mpesa', 'mpesaB2c'], 'paystack'],
    ['KES', 'mobile_money', ['mpesa', 'mpesaB2c'], 'mpesa'],
    // M-Pesa without its B2C variables cannot pay out: the sandbox, when on, or nobody.
    ['KES', 'mobile_money', ['mpesa'], undefined],
    ['KES', 'mobile_money', ['mpesa', 'sandbox'], 'sandbox'],
    ['KES', 'bank', REAL, 'flutterwave'],
    ['KES', 'bank', ['mpesa', 'mpesaB2c'], undefined],
    ['NGN', 'bank', REAL, 'paystack'],
    ['NGN', 'mobile_money', REAL, undefined],
    ['GHS', 'mobile_money', REAL, 'flutterwave'],
    ['GHS', 'bank', ['flutterwave', 'paystack'], 'paystack'],
    ['TZS', 'mobile_money', REAL, 'flutterwave'],
    ['XAF', 'bank', REAL, 'flutterwave'],
    ['UGX', 'mobile_money', ['paystack'], undefined],
    ['USD', 'bank', ['sandbox'], 'sandbox'],
  ] as const)('%s %s with %j → %s', (currency, method, settings, expected) => {
    expect(chosen(settings, { purpose: 'payout', method, currency })).toBe(expected);
  });
});

describe('providerFor', () => {
  it('answers the provider itself, and 503 payments.provider_unavailable when none serves the need', () => {
    const env = envWithProviders(['mpesa']);
    const providers = configuredProviders(env);
    expect(providerFor({ purpose: 'checkout', method: 'mobile_money', currency: 'KES' }, providers, env).id).toBe(
      'mpesa',
    );
    expect(() => providerFor({ purpose: 'checkout', method: 'card', currency: 'KES' }, providers, env)).toThrow(
      expect.objectContaining({
        code: 'service_unavailable',
        messageKey: 'payments.provider_unavailable',
        status: 503,
      }),
    );
  });

  it('the default test environment (http, no keys) serves everything from the sandbox', () => {
    const env = envWithProviders([], { PUBLIC_URL: 'http://localhost:4321', SANDBOX_PAYMENTS: '' });
    expect(
      chooseProviderId({ purpose: 'checkout', method: 'card', currency: 'NGN' }, configuredProviders(env), env),
    ).toBe('sandbox');
  });
});

describe('the mobile-money networks a payment names', () => {
  const networks = (settings: readonly ProviderSetting[], currency: string, country?: string) => {
    const env = envWithProviders(settings);
    return mobileMoneyNetworksFor({ currency, country }, configuredProviders(env), env);
  };

  it('names those of the provider that would take the payment, in the member’s country', () => {
    // M-Pesa Daraja wins KES mobile money: M-Pesa only, even where Paystack would add Airtel Money.
    expect(networks(REAL, 'KES')).toEqual(['mpesa']);
    expect(networks(['paystack'], 'KES')).toEqual(['mpesa', 'airtel_money']);
    expect(networks(REAL, 'UGX', 'UG')).toEqual(['mtn_momo', 'airtel_money']);
    expect(networks(REAL, 'GHS')).toEqual(['mtn_momo']);
    // A franc-zone payment: the member's own country's networks, else every country's of the currency.
    expect(networks(REAL, 'XOF', 'CI')).toEqual(['mtn_momo', 'orange_money']);
    expect(networks(REAL, 'XOF', 'SN')).toEqual(['orange_money']);
    expect(networks(REAL, 'XOF', 'KE')).toEqual(['mtn_momo', 'orange_money']);
    // Mali's XOF wallets are not among Flutterwave's francophone countries: nothing is claimed.
    expect(networks(REAL, 'XOF', 'ML')).toEqual([]);
  });

  it('names none where no provider takes mobile money, and the sandbox names what Flutterwave would', () => {
    expect(networks(REAL, 'NGN')).toEqual([]);
    expect(networks(REAL, 'USD')).toEqual([]);
    expect(networks([], 'KES')).toEqual([]);
    expect(networks(['sandbox'], 'XOF', 'CI')).toEqual(networks(['flutterwave'], 'XOF', 'CI'));
    expect(networks(['sandbox'], 'KES')).toEqual(['mpesa']);
  });
});
