import { payOfferSchema } from '~/features/deals/schemas';
import { parseId } from '~/features/validation/fields';
import { localizePath } from '~/i18n/paths';
import { createTranslator } from '~/i18n/t';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { AppError, isAppError } from '~/server/errors';
import { redirectTarget, requestOrigin } from '~/server/http/request-origin';
import { choosePaymentProvider } from '~/server/payments/registry';
import type { SessionUser } from '~/server/services/accounts/users';
import { dealPaymentReturnPath, startDealPayment } from '~/server/services/payments/start-deal-payment';
import { type FormPageRequest, PRIVATE_PAGE, guardFormPost, readForm } from './form-post';

/**
 * The deal page's "Pay now" form (/user/offer/{id}, POST, no JavaScript; docs/payments.md "Deal payments"): the
 * same checks and checkout as `POST /api-v2/offer/pay`, then a 303 to the provider's checkout (the sandbox's by its
 * path on this site) — or, for a checkout that needs no page (a prompt on the phone), back to the deal page. A refusal is shown on the deal page with the
 * status the API answers it with.
 */
export async function payForDealFromPage(
  request: FormPageRequest & { user: SessionUser },
  rawId: string,
): Promise<{ redirect: string; status: 303; headers: Record<string, string> } | { problem: string; status: number }> {
  try {
    const fields = await readForm(request.request);
    guardFormPost(request, fields);
    const id = parseId(rawId);
    if (id === undefined) throw new AppError('not_found', 'offers.not_found');
    const body = parseInput(payOfferSchema, { ...fields, id });
    const origin = requestOrigin(request.request);
    // The provider is chosen by currency and method (docs/payments.md "Choosing the provider").
    const started = await startDealPayment(await getDb(), choosePaymentProvider, {
      userId: request.user.id,
      offerId: id,
      method: body.method,
      phone: body.phone,
      email: request.user.email,
      origin,
      locale: request.locale,
    });
    const back = `${localizePath(dealPaymentReturnPath(id), request.locale)}?reference=${encodeURIComponent(started.reference)}`;
    return {
      redirect: started.checkout_url ? redirectTarget(started.checkout_url, origin) : back,
      status: 303,
      headers: PRIVATE_PAGE,
    };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const t = createTranslator(request.locale);
    const fieldMessages = Object.values(error.fields ?? {}).map((messages) => t(messages[0].key, messages[0].vars));
    return { problem: [t(error.messageKey, error.vars), ...fieldMessages].join(' '), status: error.status };
  }
}
