import type { BookedRange } from '~/features/deals/booking-days';
import { DONE_PARAM, dealPath, offerPagePath } from '~/features/deals/deal-steps';
import { type OfferField, initialValues, shownOfferFields } from '~/features/deals/offer-form-fields';
import { type OfferLot, offerLotOf } from '~/features/deals/offer-lot';
import { createOfferSchema } from '~/features/deals/schemas';
import { KINDS, type LotKind, isOnMarket } from '~/features/lots/constants';
import { parseId } from '~/features/validation/fields';
import { localizePath } from '~/i18n/paths';
import { createTranslator } from '~/i18n/t';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { loginUrl } from '~/server/http/guards';
import { listBookedRanges } from '~/server/services/deals/bookings';
import { createOffer } from '~/server/services/deals/create-offer';
import { getLot } from '~/server/services/lots/get-lot';
import type { LotItem } from '~/server/services/lots/lot-item';
import { FORM_TOKEN_FIELD } from '~/server/http/form-token';
import {
  type FormPageRequest,
  type FormState,
  PRIVATE_PAGE,
  type PageOutcome,
  blankForm,
  formPageRequest,
  handleFormPost,
  redirectResponse,
} from './form-post';
import { userPoint } from './lot-page';
import { notFoundAsUndefined } from './not-found';

/** What the offer page shows: the lot, its form, and why no offer can be made when that is so. */
export interface OfferPageView {
  lot: LotItem;
  /** The facts the form is built from (the dialog's own, offerLotOf). */
  offerLot: OfferLot;
  /** The fields this lot asks, in the form's order (shownOfferFields). */
  fields: OfferField[];
  form: FormState<OfferField>;
  /** Days taken by approved bookings, for a machine for rent; undefined for other lots. */
  booked: BookedRange[] | undefined;
  /** The server's today (UTC), the first day a booking may start. */
  today: string;
  /** Why this member cannot make an offer on the lot (their own, off the market): the page says it, with no form. */
  refusal?: string;
}

/**
 * The offer page of a lot (/board/{id}/offer, /seed/…, /fertil/…, /agrotechnic/…; docs/lots.md "Offers without
 * JavaScript"): the make-offer dialog's fields as a plain form, posted to this page. A post goes through the API's
 * own schema (createOfferSchema, numbers read as the page's language writes them) and service (createOffer); made,
 * the browser goes to the new deal's page (303, `?done=offer`); refused, the form comes back with what was typed
 * and each field's problem beside it, with the status the API answers. A visitor is sent to sign in and back here.
 * `null` as the view: no such lot for this visitor (404).
 */
export async function loadOfferPage(
  request: FormPageRequest,
  kind: LotKind,
  rawId: string,
): Promise<PageOutcome<OfferPageView | null>> {
  const { locale, user } = request;
  const id = parseId(rawId);
  const here = localizePath(`${KINDS[kind].sitePath}/${rawId}/offer`, locale);
  if (!user) return { redirect: loginUrl(locale, here, true), status: 302, headers: PRIVATE_PAGE };
  const db = await getDb();
  const lot = id === undefined ? undefined : await notFoundAsUndefined(getLot(db, kind, id, user, locale));
  if (!lot) return { view: null, status: 404, headers: PRIVATE_PAGE };

  const offerLot = offerLotOf(lot);
  const action = localizePath(offerPagePath(offerLot.orderType, lot.id), locale);
  const fields = shownOfferFields(offerLot);
  const today = new Date().toISOString().slice(0, 10);
  const [booked, point] = await Promise.all([
    lot.type === 'rent' ? listBookedRanges(db, lot.id) : undefined,
    userPoint(db, user, locale),
  ]);
  const bookedDays = booked?.map((range) => ({
    date_from: String(range.date_from),
    date_to: String(range.date_to),
    hour_from: range.hour_from ?? null,
    hour_to: range.hour_to ?? null,
  }));
  const view = (form: FormState<OfferField>, refusal?: string): OfferPageView => ({
    lot,
    offerLot,
    fields,
    form,
    booked: bookedDays,
    today,
    refusal,
  });

  // The offers service refuses these too; said before any form is filled in (the same words).
  const refusal = lot.is_own ? 'offers.own_lot' : isOnMarket(lot.status) ? undefined : 'offers.lot_not_open';
  if (refusal) {
    const status = lot.is_own ? 403 : 409;
    return { view: view(blankForm(request, action), createTranslator(locale)(refusal)), status, headers: PRIVATE_PAGE };
  }

  if (request.request.method !== 'POST') {
    const values: Record<string, string> = { ...initialValues(offerLot, point, locale) };
    return { view: view(blankForm(request, action, values)), status: 200, headers: PRIVATE_PAGE };
  }

  return handleFormPost<OfferField, OfferPageView>(request, {
    action,
    shownFields: fields,
    run: async (posted) => {
      // The lot is the page's; what the form does not ask (a fixed price, a day booking's last day) is left out.
      const asked = Object.fromEntries(fields.map((field) => [field, posted[field]]));
      const body = parseInput(createOfferSchema(locale), {
        ...asked,
        order_id: String(lot.id),
        order_type: offerLot.orderType,
      });
      const offer = await createOffer(db, user, body, locale);
      return `${localizePath(dealPath(offer.id), locale)}?${DONE_PARAM}=offer`;
    },
    keep: (posted) =>
      Object.fromEntries(
        Object.entries(posted).filter(([name]) => name !== FORM_TOKEN_FIELD && (fields as string[]).includes(name)),
      ),
    view: (form, error) => {
      // The lot changed meanwhile (closed, sold out): the refusal replaces the form.
      const gone = error.messageKey === 'offers.lot_not_open' || error.messageKey === 'lots.not_found';
      return view(form, gone ? form.problem : undefined);
    },
  });
}

/**
 * The four offer pages' frontmatter in one call: the page's outcome as a redirect Response, or its view (null: no
 * such lot, 404) with the status and headers already set on Astro's response.
 */
export async function offerPage(
  astro: Parameters<typeof formPageRequest>[0] & {
    params: { id?: string };
    response: ResponseInit & { headers: Headers };
  },
  kind: LotKind,
): Promise<Response | OfferPageView | null> {
  const outcome = await loadOfferPage(formPageRequest(astro), kind, astro.params.id ?? '');
  if ('redirect' in outcome) return redirectResponse(outcome);
  astro.response.status = outcome.status;
  for (const [name, value] of Object.entries(outcome.headers)) astro.response.headers.set(name, value);
  return outcome.view;
}
