import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db/client';
import type { ProviderChooser } from '~/server/payments/choose';
import type { PaymentMethod, PaymentProvider } from '~/server/payments/provider';
import { type StartedCheckout, startCheckout } from './start-checkout';
import { toMinorUnits } from './to-minor-units';

export interface StartTopUpInput {
  userId: number;
  /** Major units, as the member typed it (already read by the locale-aware parser). */
  amount: number;
  currencyId: number;
  method: PaymentMethod;
  phone?: string;
  email?: string | null;
  /**
   * The origin the member's browser is on (src/server/http/request-origin.ts): the member comes back to
   * `{origin}/user/top-up?reference={reference}`.
   */
  origin: string;
  /** The member's language: the result page is in the language the top-up was asked in. */
  locale: Locale;
}

export type StartedTopUp = StartedCheckout;

/** Where the member's browser lands after the hosted checkout. */
export const topUpReturnPath = (reference: string) => `/user/top-up?reference=${encodeURIComponent(reference)}`;

/**
 * Starts a top-up (docs/payments.md "Top-ups"): the amount read in the currency's decimals, then the provider's
 * checkout and the payment row (startCheckout) — a provider that refuses leaves no row. The pocket is credited
 * later, by the provider's webhook, never here.
 */
export async function startTopUp(
  db: Executor,
  provider: PaymentProvider | ProviderChooser,
  input: StartTopUpInput,
): Promise<StartedTopUp> {
  const { currency, amountMinor } = await toMinorUnits(db, input.currencyId, input.amount);
  return startCheckout(db, provider, {
    userId: input.userId,
    purpose: 'top_up',
    prefix: 'tu',
    amountMinor,
    currency: currency.code,
    method: input.method,
    phone: input.phone,
    email: input.email,
    origin: input.origin,
    locale: input.locale,
    returnPath: topUpReturnPath,
    description: { key: 'payments.checkout_top_up' },
  });
}
