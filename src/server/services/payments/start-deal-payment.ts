import { eq } from 'drizzle-orm';
import { PAYMENT_TYPE } from '~/features/deals/constants';
import { awaitsOnlinePayment, roleOf } from '~/features/deals/state-machine';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db/client';
import { currencies, offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { ProviderChooser } from '~/server/payments/choose';
import type { PaymentMethod, PaymentProvider } from '~/server/payments/provider';
import { figuresOf } from '~/server/services/deals/offer-view';
import { type StartedCheckout, startCheckout } from './start-checkout';

export interface StartDealPaymentInput {
  userId: number;
  offerId: number;
  method: PaymentMethod;
  phone?: string;
  email?: string | null;
  /**
   * The origin the buyer's browser is on (src/server/http/request-origin.ts): the buyer comes back to
   * the deal page, `{origin}/user/offer/{id}?reference={reference}`.
   */
  origin: string;
  locale: Locale;
}

/** Where the buyer's browser lands after a deal payment's checkout: the deal page (the sandbox adds the reference). */
export const dealPaymentReturnPath = (offerId: number) => `/user/offer/${offerId}`;

/**
 * `POST /offer/pay` (docs/payments.md "Deal payments"): the buyer of an approved online deal whose money is not sent
 * yet starts a checkout for the deal's total with delivery, in the deal's currency. A stranger: 404/403 like the
 * deal page; the seller: 403; a deal paid directly or from the wallet (a wallet deal's money is frozen by its
 * approval, there is nothing left to pay): 409 `offers.not_online_payment`; an online deal not waiting for its
 * payment (not approved yet, declined, already paid, done): 409 `offers.wrong_state`. The money is credited and
 * frozen for the deal later, by the provider's verified webhook (credit-deal-payment.ts), never here. A buyer may
 * start a second checkout (the first abandoned): whichever is paid first is held; a later one stays in the buyer's
 * available pocket.
 */
export async function startDealPayment(
  db: Executor,
  provider: PaymentProvider | ProviderChooser,
  input: StartDealPaymentInput,
): Promise<StartedCheckout & { offer_id: number }> {
  const [offer] = await db.select().from(offers).where(eq(offers.id, input.offerId));
  if (!offer) throw new AppError('not_found', 'offers.not_found');
  const role = roleOf(offer, input.userId);
  if (!role) throw new AppError('forbidden', 'offers.not_party');
  if (role !== 'buyer') throw new AppError('forbidden', 'offers.not_your_turn');
  if (offer.paymentType !== PAYMENT_TYPE.online) throw new AppError('conflict', 'offers.not_online_payment');
  if (!awaitsOnlinePayment(offer)) throw new AppError('conflict', 'offers.wrong_state');
  const [currency] = await db
    .select({ code: currencies.code })
    .from(currencies)
    .where(eq(currencies.id, offer.currencyId));
  const started = await startCheckout(db, provider, {
    userId: input.userId,
    purpose: 'deal',
    offerId: offer.id,
    prefix: 'dp',
    amountMinor: figuresOf(offer).total_price_with_delivery_minor,
    currency: currency.code.trim(),
    method: input.method,
    phone: input.phone,
    email: input.email,
    origin: input.origin,
    locale: input.locale,
    // Back to the deal page, which says the payment is being confirmed until it is held.
    returnPath: (reference) => `${dealPaymentReturnPath(offer.id)}?reference=${encodeURIComponent(reference)}`,
    description: { key: 'payments.checkout_deal', vars: { id: offer.id } },
  });
  return { ...started, offer_id: offer.id };
}
