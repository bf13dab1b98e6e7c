import { parseId } from '~/features/validation/fields';
import type { Locale } from '~/i18n/config';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { getDealHistory } from '~/server/services/deals/history';
import { listHistoryShares } from '~/server/services/deals/history-shares';
import { getOffer } from '~/server/services/deals/list-offers';
import { readDealMoney } from '~/server/services/deals/read-deal-money';
import { readDisputeState } from '~/server/services/deals/read-dispute-state';
import { openDisputeSchema } from '~/features/deals/schemas';
import { openDispute } from '~/server/services/deals/open-dispute';
import { parseInput } from '~/server/api/validate';
import { localizePath } from '~/i18n/paths';
import { type FormPageRequest, type FormState, PRIVATE_PAGE, failedForm, guardFormPost, readForm } from './form-post';
import { PAYMENT_TYPE } from '~/features/deals/constants';
import { paymentNetworks } from '~/server/payments/registry';
import { readMemberCountry } from '~/server/services/accounts/member-country';

/**
 * Everything /user/offer/{id} shows, or the status to answer instead: 404 for an id that is no offer, 403 for
 * anyone but its two parties. The deal, its history with the stored chain verified during this request (the
 * page's "Check it now" button asks again with `check`, and is told when it was checked), and the share links
 * of its record that work now; for a deal paid from the wallet, where its money is.
 */
export async function loadDealPage(user: SessionUser, locale: Locale, rawId: string, options: { check: boolean }) {
  // Ids are PostgreSQL integers: anything else cannot be an offer.
  const id = parseId(rawId);
  if (id === undefined) return { status: 404 as const };
  const db = await getDb();
  try {
    const [offer, history, shares, money, dispute] = await Promise.all([
      getOffer(db, user, id, locale),
      getDealHistory(db, user, id),
      listHistoryShares(db, user, id),
      readDealMoney(db, user.id, id),
      readDisputeState(db, user.id, id),
    ]);
    // The buyer of an online deal is offered mobile money: the networks its checkout would take are named.
    const networks =
      offer.payment_type === PAYMENT_TYPE.online && offer.role === 'buyer'
        ? paymentNetworks(offer.currency, (await readMemberCountry(db, user.id, locale))?.code)
        : [];
    return {
      status: 200 as const,
      offer,
      history,
      shares,
      money,
      dispute,
      networks,
      checkedAt: options.check ? new Date().toISOString() : null,
    };
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 403))
      return { status: error.status as 403 | 404 };
    throw error;
  }
}
export type DealPageData = Extract<Awaited<ReturnType<typeof loadDealPage>>, { status: 200 }>;

const DISPUTE_FIELDS = ['reason', 'comment'] as const;
export type DisputeForm = FormState<(typeof DISPUTE_FIELDS)[number]>;

/**
 * The deal page's "Open a dispute" form, posted without JavaScript (docs/deals.md "Disputes"): the same checks
 * and service as `POST /offer/open-dispute`; done, back to the deal page (303); refused, the form again with why.
 */
export async function postOpenDispute(
  request: FormPageRequest,
  rawId: string,
): Promise<{ redirect: string; status: 303 } | { form: DisputeForm; status: number; headers: Record<string, string> }> {
  const id = parseId(rawId);
  const action = localizePath(`/user/offer/${rawId}`, request.locale);
  let fields: Record<string, string> = {};
  try {
    fields = await readForm(request.request);
    guardFormPost(request, fields);
    if (!request.user || id === undefined) throw new AppError('not_found', 'offers.not_found');
    const body = parseInput(openDisputeSchema, { ...fields, id: String(id) });
    await openDispute(await getDb(), request.user, body, request.locale);
    return { redirect: action, status: 303 };
  } catch (error) {
    const { state, status, headers } = failedForm(error, request, {
      action,
      shownFields: DISPUTE_FIELDS,
      values: { reason: fields.reason, comment: fields.comment },
    });
    return { form: state, status, headers: { ...PRIVATE_PAGE, ...headers } };
  }
}
