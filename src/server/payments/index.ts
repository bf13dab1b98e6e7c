import type { Env } from '~/server/env';
import { flutterwaveProvider } from './flutterwave';
import { mpesaProvider } from './mpesa';
import { paystackProvider } from './paystack';
import { hmacHex, type PaymentProvider, type ProviderId } from './provider';
import { type SandboxStore, type SandboxWebhook, sandboxProvider, sandboxSecret } from './sandbox';

/** Where each provider's webhooks and callbacks arrive (the routes come with the ledger work, docs/payments.md). */
export const WEBHOOK_PATH = '/api-v2/payments/webhooks';

export interface ProviderDependencies {
  fetch?: typeof fetch;
  sandboxStore?: SandboxStore;
  /** How the sandbox delivers its signed webhooks to the app. */
  deliverSandboxWebhook?: (webhook: SandboxWebhook) => Promise<void>;
}

/**
 * The providers this configuration turns on (docs/payments.md "Configuration"): the sandbox unless switched off
 * (off by default on an https site), and each real adapter whose variables are all set.
 */
export function configuredProviders(env: Env, deps: ProviderDependencies = {}): Map<ProviderId, PaymentProvider> {
  const fetchImpl = deps.fetch ?? fetch;
  const providers = new Map<ProviderId, PaymentProvider>();
  if (env.SANDBOX_PAYMENTS)
    providers.set(
      'sandbox',
      sandboxProvider({
        secret: sandboxSecret(env.SANDBOX_PAYMENT_SECRET),
        store: deps.sandboxStore,
        deliver: deps.deliverSandboxWebhook,
      }),
    );
  if (env.PAYSTACK_SECRET_KEY)
    providers.set('paystack', paystackProvider({ secretKey: env.PAYSTACK_SECRET_KEY }, fetchImpl));
  if (env.MPESA_CONSUMER_KEY && env.MPESA_CONSUMER_SECRET && env.MPESA_SHORTCODE && env.MPESA_PASSKEY)
    providers.set(
      'mpesa',
      mpesaProvider(
        {
          consumerKey: env.MPESA_CONSUMER_KEY,
          consumerSecret: env.MPESA_CONSUMER_SECRET,
          shortcode: env.MPESA_SHORTCODE,
          passkey: env.MPESA_PASSKEY,
          environment: env.MPESA_ENVIRONMENT,
          callbackBaseUrl: `${env.publicUrl}${WEBHOOK_PATH}/mpesa`,
          // Stable across processes and restarts, known only to this server.
          callbackSecret: hmacHex('sha256', env.MPESA_CONSUMER_SECRET, `mavuno-mpesa-callbacks:${env.MPESA_PASSKEY}`),
          initiatorName: env.MPESA_INITIATOR_NAME,
          securityCredential: env.MPESA_SECURITY_CREDENTIAL,
        },
        fetchImpl,
      ),
    );
  if (env.FLUTTERWAVE_SECRET_KEY && env.FLUTTERWAVE_WEBHOOK_HASH)
    providers.set(
      'flutterwave',
      flutterwaveProvider(
        { secretKey: env.FLUTTERWAVE_SECRET_KEY, webhookHash: env.FLUTTERWAVE_WEBHOOK_HASH },
        fetchImpl,
      ),
    );
  return providers;
}
