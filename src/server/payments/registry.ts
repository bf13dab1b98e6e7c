import { getDb } from '~/server/db';
import { getEnv } from '~/server/env';
import { processPaymentWebhook } from '~/server/services/payments/process-payment-webhook';
import { type ProviderNeed, mobileMoneyNetworksFor, providerFor } from './choose';
import { configuredProviders } from './index';
import type { PaymentProvider, ProviderId } from './provider';
import type { SandboxProvider, SandboxWebhook } from './sandbox';
import { databaseSandboxStore } from './sandbox-store';
import { errorMessage, log } from '~/server/log';

/**
 * The payment providers of this process (docs/payments.md "Top-ups"), made once from the environment. The sandbox
 * hands its signed webhooks to the webhook handler in-process (no network), with the headers and raw body an
 * outside provider would post, so they meet every check the route makes.
 */
let providers: Map<ProviderId, PaymentProvider> | undefined;

const observers = new Set<(webhook: SandboxWebhook) => void>();

/** Watches the webhooks the sandbox delivers (a replay in tests, a trace in development); answers the unsubscribe. */
export function observeSandboxWebhooks(observer: (webhook: SandboxWebhook) => void): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

async function deliverSandboxWebhook(webhook: SandboxWebhook): Promise<void> {
  for (const observer of observers) observer(webhook);
  const sandbox = getPaymentProviders().get('sandbox');
  if (!sandbox) return;
  try {
    // What the webhook route (src/server/api/routes/payments.ts) does with a POST: the same checks, in-process.
    await processPaymentWebhook(await getDb(), sandbox, {
      rawBody: webhook.body,
      headers: new Headers(webhook.headers),
    });
  } catch (error) {
    // Like a provider whose webhook was refused: the payment stays as it was, and is verified again later.
    log.warn({ component: 'payments', provider: 'sandbox' }, `sandbox webhook refused: ${errorMessage(error)}`);
  }
}

/**
 * Replaces this process's providers and answers the ones it replaced (tests install an adapter with a recorded
 * `fetch`, then put the previous ones back); undefined: made again from the environment when next asked.
 */
export function setPaymentProviders(
  next: Map<ProviderId, PaymentProvider> | undefined,
): Map<ProviderId, PaymentProvider> | undefined {
  const previous = providers;
  providers = next;
  return previous;
}

export function getPaymentProviders(): Map<ProviderId, PaymentProvider> {
  providers ??= configuredProviders(getEnv(), { deliverSandboxWebhook, sandboxStore: databaseSandboxStore() });
  return providers;
}

export function getPaymentProvider(id: string): PaymentProvider | undefined {
  return getPaymentProviders().get(id as ProviderId);
}

/** The sandbox, when this configuration turns it on (its hosted checkout page needs it). */
export function getSandboxProvider(): SandboxProvider | undefined {
  return getPaymentProviders().get('sandbox') as SandboxProvider | undefined;
}

/**
 * The provider of this process for a checkout or a payout, by currency and method (docs/payments.md "Choosing the
 * provider"); none: 503 `payments.provider_unavailable`. Services take it as their chooser (start-checkout.ts,
 * request-payout.ts): they call it once the currency is known.
 */
export function choosePaymentProvider(need: ProviderNeed): PaymentProvider {
  return providerFor(need, getPaymentProviders(), getEnv());
}

/**
 * The mobile-money networks this process's providers would take a checkout in `currency` with, named for the member's
 * country (docs/payments.md "Mobile-money networks"): what the payment screens say beside "Mobile money".
 */
export function paymentNetworks(currency: string, country?: string | null) {
  return mobileMoneyNetworksFor({ currency, country }, getPaymentProviders(), getEnv());
}
