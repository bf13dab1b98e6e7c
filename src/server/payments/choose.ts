import { type MobileMoneyNetwork, networksFor } from '~/features/wallet/mobile-money';
import type { Env } from '~/server/env';
import { AppError } from '~/server/errors';
import type { PaymentMethod, PaymentProvider, ProviderId } from './provider';

/**
 * Which provider serves a checkout or a payout (docs/payments.md "Choosing the provider"). Pure: it reads only the
 * providers this configuration turns on (index.ts `configuredProviders`) and, for M-Pesa payouts, whether the B2C
 * variables are set.
 */
export interface ProviderNeed {
  purpose: 'checkout' | 'payout';
  /** A checkout's `card` or `mobile_money`; a payout's `mobile_money` or `bank`. */
  method: PaymentMethod | 'bank';
  /** ISO 4217, e.g. KES. */
  currency: string;
  /** ISO 3166 alpha-2 of the member, when known. Not used yet: the currency names the country for every launch one. */
  country?: string;
}

/** Picks the provider for a need; a service calls it once the currency is known (start-checkout.ts, request-payout.ts). */
export type ProviderChooser = (need: ProviderNeed) => PaymentProvider;

type Method = ProviderNeed['method'];
type Preference = Partial<Record<Method, readonly ProviderId[]>>;

const EAST_AND_WEST = { card: ['flutterwave'], mobile_money: ['flutterwave'] } as const;

/** Checkouts: real providers in order of preference, per currency and method. */
const CHECKOUT: Record<string, Preference> = {
  KES: { mobile_money: ['mpesa', 'flutterwave', 'paystack'], card: ['flutterwave', 'paystack'] },
  NGN: { card: ['paystack', 'flutterwave'] },
  GHS: { card: ['paystack', 'flutterwave'], mobile_money: ['flutterwave', 'paystack'] },
  TZS: EAST_AND_WEST,
  UGX: EAST_AND_WEST,
  RWF: EAST_AND_WEST,
  XOF: EAST_AND_WEST,
  XAF: EAST_AND_WEST,
  // International cards (a buyer abroad): Flutterwave charges them.
  USD: { card: ['flutterwave'] },
  EUR: { card: ['flutterwave'] },
  GBP: { card: ['flutterwave'] },
};

/** Payouts: to phones (mobile money) and bank accounts. */
const PAYOUT: Record<string, Preference> = {
  // M-Pesa last: its B2C result cannot be confirmed by a query (docs/payments.md "M-Pesa payouts"), Flutterwave's and
  // Paystack's transfers can.
  KES: { mobile_money: ['flutterwave', 'paystack', 'mpesa'], bank: ['flutterwave', 'paystack'] },
  NGN: { bank: ['paystack', 'flutterwave'] },
  GHS: { mobile_money: ['flutterwave', 'paystack'], bank: ['paystack', 'flutterwave'] },
  TZS: { mobile_money: ['flutterwave'], bank: ['flutterwave'] },
  UGX: { mobile_money: ['flutterwave'], bank: ['flutterwave'] },
  RWF: { mobile_money: ['flutterwave'], bank: ['flutterwave'] },
  XOF: { mobile_money: ['flutterwave'], bank: ['flutterwave'] },
  XAF: { mobile_money: ['flutterwave'], bank: ['flutterwave'] },
};

/** The sandbox's methods: every currency, both checkout methods, payouts to phones and banks. */
const SANDBOX_METHODS: Record<ProviderNeed['purpose'], readonly Method[]> = {
  checkout: ['card', 'mobile_money'],
  payout: ['mobile_money', 'bank'],
};

/** Whether a configured provider can serve this need: M-Pesa pays out only with its B2C variables. */
function canServe(
  id: ProviderId,
  need: ProviderNeed,
  env: Pick<Env, 'MPESA_INITIATOR_NAME' | 'MPESA_SECURITY_CREDENTIAL'>,
) {
  if (id === 'mpesa' && need.purpose === 'payout')
    return Boolean(env.MPESA_INITIATOR_NAME && env.MPESA_SECURITY_CREDENTIAL);
  return true;
}

/**
 * The id of the provider for `need`, or undefined when none is on for it. A configured real provider always wins
 * over the sandbox: setting a provider's keys means its money is real, and test cards must never stand in for it.
 * The sandbox serves only what no configured real provider serves (on a public https site it is off by default, so
 * nothing is left to it there).
 */
export function chooseProviderId(
  need: ProviderNeed,
  available: ReadonlySet<ProviderId> | ReadonlyMap<ProviderId, unknown>,
  env: Pick<Env, 'MPESA_INITIATOR_NAME' | 'MPESA_SECURITY_CREDENTIAL'>,
): ProviderId | undefined {
  const currency = need.currency.trim().toUpperCase();
  const table = need.purpose === 'checkout' ? CHECKOUT : PAYOUT;
  for (const id of table[currency]?.[need.method] ?? []) if (available.has(id) && canServe(id, need, env)) return id;
  if (available.has('sandbox') && SANDBOX_METHODS[need.purpose].includes(need.method)) return 'sandbox';
  return undefined;
}

/**
 * The provider for `need` among `providers`; none: 503 `service_unavailable` (`payments.provider_unavailable`), the
 * answer a member gets when no provider of this configuration serves the currency and method.
 */
export function providerFor(
  need: ProviderNeed,
  providers: ReadonlyMap<ProviderId, PaymentProvider>,
  env: Pick<Env, 'MPESA_INITIATOR_NAME' | 'MPESA_SECURITY_CREDENTIAL'>,
): PaymentProvider {
  const id = chooseProviderId(need, providers, env);
  const provider = id ? providers.get(id) : undefined;
  if (!provider) throw new AppError('service_unavailable', 'payments.provider_unavailable');
  return provider;
}

/**
 * The mobile-money networks a checkout in `currency` would accept (docs/payments.md "Mobile-money networks"): those the
 * provider `chooseProviderId` picks for it declares, for the member's country when it uses that currency, else for
 * every country of the currency. None when no provider takes mobile money in it (NGN, USD…).
 */
export function mobileMoneyNetworksFor(
  need: { currency: string; country?: string | null },
  providers: ReadonlyMap<ProviderId, PaymentProvider>,
  env: Pick<Env, 'MPESA_INITIATOR_NAME' | 'MPESA_SECURITY_CREDENTIAL'>,
): MobileMoneyNetwork[] {
  const id = chooseProviderId({ purpose: 'checkout', method: 'mobile_money', currency: need.currency }, providers, env);
  const provider = id ? providers.get(id) : undefined;
  return provider ? networksFor(provider.mobileMoneyNetworks, need.currency, need.country) : [];
}

/** A service's provider: given outright (tests, a payout re-sent to its own provider), or chosen for the need. */
export function resolveProvider(provider: PaymentProvider | ProviderChooser, need: ProviderNeed): PaymentProvider {
  return typeof provider === 'function' ? provider(need) : provider;
}
