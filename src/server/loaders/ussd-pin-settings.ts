import { ussdPinChangeSchema } from '~/features/accounts/ussd-pin-schema';
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { changeUssdPin, sendUssdPinCode } from '~/server/services/accounts/change-ussd-pin';
import type { SessionUser } from '~/server/services/accounts/users';
import { type FormPageRequest, type FormState, type PageOutcome, blankForm, handleFormPost } from './form-post';

/** Where the profile's USSD PIN form posts without JavaScript: the profile page, told which of its forms it is. */
const PROFILE_PATH = '/user/profile/user';
export const USSD_PIN_FORM = 'ussd-pin';
const USSD_PIN_FIELDS = ['code', 'pin', 'pin_repeat'] as const;
export type UssdPinField = (typeof USSD_PIN_FIELDS)[number];

/** The form's two steps: `send-code` (a button) and `set-pin` (the code, the PIN, the PIN again). */
export type UssdPinStep = 'send-code' | 'set-pin';

export interface UssdPinFormView {
  form: FormState<UssdPinField>;
  /** The step that was posted (a refused one is shown again with why). */
  step: UssdPinStep;
}

const actionOf = (request: FormPageRequest) =>
  `${localizePath(PROFILE_PATH, request.locale)}?form=${USSD_PIN_FORM}#ussd-pin`;

/** Whether a post to the profile page is the USSD PIN form's (its action says so in the query). */
export const isUssdPinPost = (url: URL) => url.searchParams.get('form') === USSD_PIN_FORM;

/** The USSD PIN form of the profile page, as first shown. */
export function ussdPinForm(request: FormPageRequest): FormState<UssdPinField> {
  return blankForm(request, actionOf(request));
}

/**
 * The profile's USSD PIN form posted as a plain form (docs/auth.md "USSD PIN"): `step=send-code` sends the code to
 * the confirmed phone and redirects (303) to the page with `?ussd_pin=code_sent`, which then shows the second step;
 * `step=set-pin` with `code`, `pin` and `pin_repeat` sets the PIN and redirects with `?ussd_pin=saved`. A refused
 * post shows the page again with why, beside each field, with the API's status (409 without a confirmed phone, 422, 429).
 * What was typed is never shown again: all three are secrets.
 */
export async function postUssdPinForm(
  request: FormPageRequest,
  user: SessionUser,
): Promise<PageOutcome<UssdPinFormView>> {
  const page = localizePath(PROFILE_PATH, request.locale);
  const stepOf = (fields: Record<string, string>): UssdPinStep =>
    fields.step === 'send-code' ? 'send-code' : 'set-pin';
  return handleFormPost<UssdPinField, UssdPinFormView>(request, {
    action: actionOf(request),
    shownFields: (fields) => (stepOf(fields) === 'send-code' ? [] : USSD_PIN_FIELDS),
    run: async (fields) => {
      const db = await getDb();
      if (stepOf(fields) === 'send-code') {
        await sendUssdPinCode(db, user.id, request.ip);
        return `${page}?ussd_pin=code_sent#ussd-pin`;
      }
      await changeUssdPin(db, user.id, parseInput(ussdPinChangeSchema, fields));
      return `${page}?ussd_pin=saved#ussd-pin`;
    },
    keep: () => ({}),
    view: (form, _error, fields) => ({ form, step: stepOf(fields) }),
  });
}
