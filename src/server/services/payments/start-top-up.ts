import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hasDecimals } from '~/features/numbers/money';
import type { Locale } from '~/i18n/config';
import { localizePath } from '~/i18n/paths';
import type { Executor } from '~/server/db/client';
import { currencies, payments } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type PaymentMethod, type PaymentProvider, ProviderError } from '~/server/payments/provider';

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

export interface StartedTopUp {
  reference: string;
  provider: string;
  status: string;
  amount_minor: number;
  currency: string;
  checkout_url: string | null;
}

/** Where the member's browser lands after the hosted checkout. */
export const topUpReturnPath = (reference: string) => `/user/top-up?reference=${encodeURIComponent(reference)}`;

/**
 * Starts a top-up (docs/payments.md "Top-ups"): the provider's checkout, then the payment row — a provider that
 * refuses leaves no row. The pocket is credited later, by the provider's webhook, never here.
 */
export async function startTopUp(
  db: Executor,
  provider: PaymentProvider,
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
  const reference = `tu_${randomBytes(12).toString('hex')}`;

  // The provider first, outside any transaction (a provider call may be slow; the sandbox's own records are in the
  // database): a checkout the member never receives is never paid. Then the row, in one insert.
  let session: Awaited<ReturnType<PaymentProvider['createCheckout']>>;
  try {
    session = await provider.createCheckout({
      amountMinor,
      currency: currency.code,
      reference,
      returnUrl: `${input.origin}${localizePath(topUpReturnPath(reference), input.locale)}`,
      method: input.method,
      customer: { email: input.email ?? undefined, phone: input.phone },
      description: 'Mavuno wallet top-up',
    });
  } catch (error) {
    if (error instanceof ProviderError && error.code === 'unavailable')
      throw new AppError('service_unavailable', 'payments.provider_unavailable', { cause: error });
    if (error instanceof ProviderError)
      throw new AppError('payments.checkout_refused', 'payments.checkout_refused', { cause: error });
    throw error;
  }
  const [payment] = await db
    .insert(payments)
    .values({
      userId: input.userId,
      provider: provider.id,
      reference,
      providerReference: session.providerReference,
      method: input.method,
      amountMinor,
      currency: currency.code,
      purpose: 'top_up',
    })
    .returning();
  return {
    reference,
    provider: provider.id,
    status: payment.status,
    amount_minor: amountMinor,
    currency: currency.code,
    checkout_url: session.next.kind === 'redirect' ? session.next.redirectUrl : null,
  };
}
