import { randomBytes } from 'node:crypto';
import type { Locale } from '~/i18n/config';
import { localizePath } from '~/i18n/paths';
import { type MessageKey, type MessageVars, createTranslator } from '~/i18n/t';
import type { Executor } from '~/server/db/client';
import { type PaymentPurpose, payments } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type ProviderChooser, resolveProvider } from '~/server/payments/choose';
import { type PaymentMethod, type PaymentProvider, ProviderError } from '~/server/payments/provider';
import { log } from '~/server/log';

export interface StartCheckoutInput {
  userId: number;
  purpose: PaymentPurpose;
  /** The deal a `deal` payment pays for. */
  offerId?: number;
  /** The reference's prefix: `tu` for a top-up, `dp` for a deal payment. */
  prefix: string;
  amountMinor: number;
  currency: string;
  method: PaymentMethod;
  phone?: string;
  email?: string | null;
  /**
   * The origin the member's browser is on (src/server/http/request-origin.ts) and their language: where the browser
   * comes back after the hosted checkout, and what a checkout page of this site (the sandbox's) is answered under.
   */
  origin: string;
  locale: Locale;
  /** The path (unlocalized) the member comes back to, given the payment's reference. */
  returnPath: (reference: string) => string;
  /**
   * What the payment is for, as the provider's page shows it to the payer: a message, written in the member's
   * language ("Transaction n° 6 sur Mavuno"), never English on a French or Swahili checkout.
   */
  description: { key: MessageKey; vars?: MessageVars };
}

export interface StartedCheckout {
  reference: string;
  provider: string;
  status: string;
  amount_minor: number;
  currency: string;
  /** Absolute: on the member's own origin for a page of this site (the sandbox's), else the provider's page. */
  checkout_url: string | null;
}

/**
 * Starts a provider checkout and records it (docs/payments.md "Top-ups", "Deal payments"): the provider first,
 * outside any transaction (a provider call may be slow; the sandbox's own records are in the database) — a
 * checkout the member never receives is never paid, and a provider that refuses leaves no row. Then the payment
 * row, in one insert. Nothing is credited here: only the provider's verified webhook credits. `chosen` is the
 * provider, or the chooser that picks it by currency and method (registry.ts `choosePaymentProvider`).
 */
export async function startCheckout(
  db: Executor,
  chosen: PaymentProvider | ProviderChooser,
  input: StartCheckoutInput,
): Promise<StartedCheckout> {
  const provider = resolveProvider(chosen, { purpose: 'checkout', method: input.method, currency: input.currency });
  const reference = `${input.prefix}_${randomBytes(12).toString('hex')}`;
  let session: Awaited<ReturnType<PaymentProvider['createCheckout']>>;
  try {
    session = await provider.createCheckout({
      amountMinor: input.amountMinor,
      currency: input.currency,
      reference,
      returnUrl: `${input.origin}${localizePath(input.returnPath(reference), input.locale)}`,
      method: input.method,
      customer: { email: input.email ?? undefined, phone: input.phone },
      description: createTranslator(input.locale)(input.description.key, input.description.vars),
      locale: input.locale,
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
      amountMinor: input.amountMinor,
      currency: input.currency,
      purpose: input.purpose,
      offerId: input.offerId ?? null,
    })
    .returning();
  log.info(
    {
      component: 'payments',
      provider: provider.id,
      reference,
      purpose: input.purpose,
      method: input.method,
      amountMinor: input.amountMinor,
      currency: input.currency,
    },
    `payment ${reference} started`,
  );
  return {
    reference,
    provider: provider.id,
    status: payment.status,
    amount_minor: input.amountMinor,
    currency: input.currency,
    checkout_url: session.next.kind === 'redirect' ? new URL(session.next.redirectUrl, input.origin).href : null,
  };
}
