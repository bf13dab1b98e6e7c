import { z } from 'zod';
import { VERIFICATION_TYPES } from '~/features/companies/constants';
import { optionalInt, optionalText, requiredInt } from '~/features/validation/fields';
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { listDocuments } from '~/server/services/accounts/documents';
import { findByReferralCode } from '~/server/services/accounts/public-profile';
import type { SessionUser } from '~/server/services/accounts/users';
import { decideVerificationRequest } from '~/server/services/verification/decide-verification-request';
import { findVerifier } from '~/server/services/verification/find-verifier';
import { listMyVerifications } from '~/server/services/verification/list-my-verifications';
import { listVerificationQueue } from '~/server/services/verification/list-verification-queue';
import { listVerifierCompanies } from '~/server/services/verification/list-verifier-companies';
import { makeVerifiedUnit } from '~/server/services/verification/make-verified-unit';
import { requestVerification } from '~/server/services/verification/request-verification';
import {
  blankForm,
  handleFormPost,
  type FormPageRequest,
  type FormState,
  type PageOutcome,
  PRIVATE_PAGE,
} from './form-post';

export const VERIFICATIONS_PATH = '/user/profile/verifications';

export const REQUEST_FIELDS = ['type', 'verifier_company_id', 'message', 'document_ids'] as const;
export const REFERRAL_FIELDS = ['referral_code', 'type', 'note'] as const;
export const DECIDE_FIELDS = ['note'] as const;
type FormName = 'request' | 'decide' | 'verify-referral';
const DONE = ['request', 'approved', 'declined', 'verified'] as const;
export type DoneNotice = (typeof DONE)[number];

const type = z.enum(VERIFICATION_TYPES, { message: 'validation.invalid_option' });
const requestForm = z.object({
  type,
  verifier_company_id: optionalInt(),
  message: optionalText(1000),
});
const decideForm = z.object({
  id: requiredInt(),
  decision: z.enum(['approve', 'decline'], { message: 'validation.invalid_option' }),
  note: optionalText(1000),
});
const referralForm = z.object({
  referral_code: z.string().trim().min(1, { message: 'validation.required' }).max(40),
  type,
  note: optionalText(1000),
});

export interface VerificationsView {
  my: Awaited<ReturnType<typeof listMyVerifications>>;
  documents: Awaited<ReturnType<typeof listDocuments>>;
  verifierCompanies: Awaited<ReturnType<typeof listVerifierCompanies>>;
  /** The queue, for verifiers only. */
  queue: Awaited<ReturnType<typeof listVerificationQueue>> | undefined;
  page: number;
  done: DoneNotice | undefined;
  /** Each form's state; the one posted carries its problems. */
  forms: Record<FormName, FormState>;
  /** The request a refused decision was about (its problem is shown beside it). */
  decidedId: number | undefined;
}

/** The checked documents of the request form: checkboxes named `document_{id}`. */
const checkedDocuments = (fields: Record<string, string>) =>
  Object.keys(fields)
    .map((name) => /^document_(\d{1,9})$/.exec(name)?.[1])
    .filter((id): id is string => id !== undefined)
    .map(Number);

/**
 * /user/profile/verifications (docs/companies.md "Verification"): the member's records and requests, a plain form
 * asking for a verification with their documents, and for verifiers the queue (documents, approve / decline) and
 * "verify a member by referral code". Every form posts to the page itself and works without JavaScript.
 */
export async function loadVerificationsPage(
  request: FormPageRequest,
  user: SessionUser,
): Promise<PageOutcome<VerificationsView>> {
  const db = await getDb();
  const { locale, url } = request;
  const action = localizePath(VERIFICATIONS_PATH, locale);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const doneParam = url.searchParams.get('done');
  const done = (DONE as readonly string[]).includes(doneParam ?? '') ? (doneParam as DoneNotice) : undefined;

  const view = async (forms: Partial<Record<FormName, FormState>>, decidedId?: number): Promise<VerificationsView> => {
    const verifier = await findVerifier(db, user);
    const [my, documents, verifierCompanies, queue] = await Promise.all([
      listMyVerifications(db, user.id),
      listDocuments(db, user.id, locale),
      listVerifierCompanies(db),
      verifier ? listVerificationQueue(db, user, page) : undefined,
    ]);
    return {
      my,
      documents,
      verifierCompanies,
      queue,
      page,
      done,
      decidedId,
      forms: {
        request: forms.request ?? blankForm(request, action),
        decide: forms.decide ?? blankForm(request, action),
        'verify-referral': forms['verify-referral'] ?? blankForm(request, action),
      },
    };
  };

  if (request.request.method !== 'POST') return { view: await view({}), status: 200, headers: PRIVATE_PAGE };

  const formOf = (fields: Record<string, string>): FormName =>
    fields.form === 'decide' || fields.form === 'verify-referral' ? fields.form : 'request';
  return handleFormPost<string, VerificationsView>(request, {
    action,
    shownFields: (fields) => {
      const form = formOf(fields);
      return form === 'request' ? REQUEST_FIELDS : form === 'decide' ? DECIDE_FIELDS : REFERRAL_FIELDS;
    },
    run: async (fields) => {
      const form = formOf(fields);
      let notice: DoneNotice;
      if (form === 'decide') {
        const input = parseInput(decideForm, fields);
        await decideVerificationRequest(db, user, input);
        notice = input.decision === 'approve' ? 'approved' : 'declined';
      } else if (form === 'verify-referral') {
        const input = parseInput(referralForm, fields);
        const member = await findByReferralCode(db, input.referral_code);
        if (!member)
          throw new AppError('validation_failed', 'errors.validation_failed', {
            fields: { referral_code: [{ key: 'accounts.referral_unknown' }] },
          });
        await makeVerifiedUnit(db, user, { unit: 'user', id: member.id, type: input.type, note: input.note });
        notice = 'verified';
      } else {
        const input = parseInput(requestForm, fields);
        await requestVerification(db, user.id, {
          unit: 'user',
          type: input.type,
          verifierCompanyId: input.verifier_company_id,
          message: input.message,
          documentIds: checkedDocuments(fields),
        });
        notice = 'request';
      }
      return `${action}?done=${notice}`;
    },
    view: (state, _error, fields) => {
      const form = formOf(fields);
      const decidedId = form === 'decide' ? Number(fields.id) || undefined : undefined;
      return view({ [form]: state }, decidedId);
    },
  });
}
