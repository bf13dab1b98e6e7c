import { eq } from 'drizzle-orm';
import { hasDecimals } from '~/features/numbers/money';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db/client';
import { currencies } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { ProviderChooser } from '~/server/payments/choose';
import type { PaymentMethod, PaymentProvider } from '~/server/payments/provider';
import { type StartedCheckout, startCheckout } from './start-checkout';

export interface StartTopUpInput {
  userId: number;
  /** Major units, as the member typed it (already read by the locale-aware parser). */
  amount: number;
  currencyId: number;
  method: PaymentMethod;
  phone?: string;
  email?: string | null;
  /** The site's origin: the member comes back to `{origin}/user/top-up?reference={reference}`. */
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
  const [currency] = await db
    .select({ code: currencies.code, decimals: currencies.decimals, isActive: currencies.isActive })
    .from(currencies)
    .where(eq(currencies.id, input.currencyId));
  if (!currency?.isActive)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { currency: [{ key: 'validation.invalid' }] },
    });
  if (!hasDecimals(input.amount, currency.decimals))
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: {
        amount: [
          currency.decimals === 0
            ? { key: 'validation.whole_number' }
            : { key: 'validation.max_decimals', vars: { max: currency.decimals } },
        ],
      },
    });
  // At most two decimals (hasDecimals above), so the rounding only removes floating-point noise.
  const amountMinor = Math.round(input.amount * 10 ** currency.decimals);
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
    description: 'Mavuno wallet top-up',
  });
}
