import { OFFER_DOCUMENT_MAX_BYTES, OFFER_PHOTO_MAX_BYTES } from '~/features/deals/constants';
import { DONE_PARAM, type DealStepPage, dealPath, dealStepPath, isDealStepPage } from '~/features/deals/deal-steps';
import { feedbackSchema, offerActionSchema } from '~/features/deals/schemas';
import { parseId } from '~/features/validation/fields';
import { localizePath } from '~/i18n/paths';
import { type MessageKey, createTranslator } from '~/i18n/t';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { isAppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { actOnOffer } from '~/server/services/deals/act-on-offer';
import { leaveFeedback } from '~/server/services/deals/feedback';
import { getOffer } from '~/server/services/deals/list-offers';
import type { OfferView } from '~/server/services/deals/offer-view';
import {
  type FormPageRequest,
  type FormState,
  PRIVATE_PAGE,
  type PageOutcome,
  blankForm,
  handleFormPost,
  readMultipartForm,
} from './form-post';

/** What a step's page may be sent back with: the comment and files of a step, or the rating of the other party. */
export type DealStepField = 'comment' | 'photo' | 'document' | 'rating';
const STEP_FIELDS: readonly DealStepField[] = ['comment', 'photo', 'document'];
const FEEDBACK_FIELDS: readonly DealStepField[] = ['rating', 'comment'];

/** A step's photo and PDF, and the text fields around them. */
const MAX_STEP_BYTES = OFFER_PHOTO_MAX_BYTES + OFFER_DOCUMENT_MAX_BYTES + 64 * 1024;

export interface DealStepView {
  offer: OfferView;
  step: DealStepPage;
  form: FormState<DealStepField>;
  /** Why the step cannot be taken now (not this member's, not in this state, already done): said instead of the form. */
  refusal?: string;
}

/** A page with no view: no such deal for this member (404), or a deal of others (403). */
export type DealStepOutcome =
  PageOutcome<DealStepView> | { view: null; status: 403 | 404; headers: Record<string, string> };

/**
 * A deal step's own page (/user/offer/{id}/{step}, docs/deals.md "Without JavaScript"): the confirmation of one step
 * of the state machine — "I confirm", with an optional comment, photo and PDF (multipart) — or the rating once the
 * deal is done. Offered only when the state machine allows it for this member now (`allowed_actions`, as the deal
 * page's buttons); the post goes to the service the API uses (actOnOffer, leaveFeedback), which decides again under
 * its locks, so a refusal there (the deal moved on, not this member's turn, a bad file) comes back on this page with
 * the API's status and words, and a repeated post changes nothing. Done, the browser goes back to the deal page with
 * `?done={step}`, which says what was done.
 */
export async function loadDealStepPage(
  request: FormPageRequest & { user: SessionUser },
  rawId: string,
  rawStep: string,
): Promise<DealStepOutcome> {
  const { locale, user } = request;
  const id = parseId(rawId);
  if (id === undefined || !isDealStepPage(rawStep)) return { view: null, status: 404, headers: PRIVATE_PAGE };
  const step = rawStep;
  const db = await getDb();
  let offer: OfferView;
  try {
    offer = await getOffer(db, user, id, locale);
  } catch (error) {
    if (isAppError(error) && (error.status === 404 || error.status === 403))
      return { view: null, status: error.status, headers: PRIVATE_PAGE };
    throw error;
  }
  const action = localizePath(dealStepPath(id, step), locale);
  const back = `${localizePath(dealPath(id), locale)}?${DONE_PARAM}=${step}`;
  const shownFields = step === 'feedback' ? FEEDBACK_FIELDS : STEP_FIELDS;

  if (request.request.method !== 'POST') {
    const refusal = refusalOf(offer, step);
    return {
      view: {
        offer,
        step,
        form: blankForm(request, action),
        refusal: refusal && createTranslator(locale)(refusal),
      },
      status: refusal ? 409 : 200,
      headers: PRIVATE_PAGE,
    };
  }

  // The files of the post, read with its fields (handleFormPost hands run the text fields only).
  let files: Record<string, File> = {};
  return handleFormPost<DealStepField, DealStepView>(request, {
    action,
    shownFields,
    read: async (posted) => {
      const read = await readMultipartForm(posted, MAX_STEP_BYTES);
      files = read.files;
      return read.fields;
    },
    run: async (fields) => {
      if (step === 'feedback') {
        const input = parseInput(feedbackSchema, {
          offer_id: String(id),
          rating: fields.rating,
          comment: fields.comment,
        });
        await leaveFeedback(db, user, input);
        return back;
      }
      const body = parseInput(offerActionSchema, { id: String(id), comment: fields.comment });
      await actOnOffer(
        db,
        user,
        step,
        // An empty file input is sent as a nameless empty file: no attachment.
        { id, comment: body.comment, photo: chosen(files.photo), document: chosen(files.document) },
        locale,
      );
      return back;
    },
    keep: (fields) => ({ comment: fields.comment, rating: fields.rating }),
    view: async (form, error) => {
      // The deal as it is now: a refusal because it moved on shows where it stands.
      const now = await getOffer(db, user, id, locale);
      const stale = error.status === 409 || error.status === 403;
      return { offer: now, step, form, refusal: stale && refusalOf(now, step) ? form.problem : undefined };
    },
  });
}

const chosen = (file: File | undefined) => (file && file.size > 0 ? file : undefined);

/** Why the state machine offers this member no such step now, in the words the offers service refuses it with. */
function refusalOf(offer: OfferView, step: DealStepPage): MessageKey | undefined {
  if (step === 'feedback') {
    if (offer.can_leave_feedback) return undefined;
    return offer.feedback_given ? 'offers.feedback_given' : 'offers.feedback_not_done';
  }
  return offer.allowed_actions.includes(step) ? undefined : 'deal.step_unavailable';
}
